import { expect } from 'chai';
import dayjs from 'dayjs';
import { rangeOf, readParams, utcDays, writeParams } from '../../console/src/reports/report-params.js';
import { formatDuration } from '../../console/src/reports/report-format.js';

describe('console: the reports page’s address and figures', () => {
  const today = dayjs('2026-03-10T15:00:00');

  it('reads a shared link back into the same report, and leaves defaults out of the link', () => {
    const screen = '0b5d0f6e-4b8a-4d7e-9a51-2f0c7e6f1a11';
    const shared = readParams(new URLSearchParams(`view=plays&from=2026-02-01&to=2026-02-28&by=content&screen=${screen}`), today);
    expect(shared).to.include({ preset: null, from: '2026-02-01', to: '2026-02-28', by: 'content', screen, asset: null });
    expect(readParams(writeParams(shared), today)).to.deep.equal(shared);
    expect(writeParams(readParams(new URLSearchParams(), today)).toString(), 'the default report has a bare address').to.equal('');
    expect(readParams(new URLSearchParams('range=year'), today)).to.include({ preset: 'year', from: '2025-03-11', to: '2026-03-10' });
  });

  it('falls back to the last 7 days and no filter for whatever a link garbles', () => {
    const garbled = readParams(new URLSearchParams('from=2026-03-09&to=2026-03-01&range=decade&by=mood&screen=lobby&view=secret&window=1y'), today);
    expect(garbled).to.deep.include({ view: 'plays', preset: '7d', from: '2026-03-04', to: '2026-03-10', by: 'screen', screen: null, window: '24h' });
  });

  it('reads whole local days, and charts every UTC day they touch', () => {
    const range = rangeOf({ from: '2026-03-09', to: '2026-03-10' });
    expect(Date.parse(range.to) - Date.parse(range.from)).to.equal(2 * 86_400_000);
    expect(dayjs(range.from).format('YYYY-MM-DD HH:mm')).to.equal('2026-03-09 00:00');
    expect(utcDays({ from: '2026-03-08T23:00:00.000Z', to: '2026-03-10T23:00:00.000Z' })).to.deep.equal(['2026-03-08', '2026-03-09', '2026-03-10']);
  });

  it('writes durations as a report reads them', () => {
    expect([formatDuration(40_000), formatDuration(250_000), formatDuration(3_900_000), formatDuration(7_200_000)]).to.deep.equal([
      '40 s',
      '4 min 10 s',
      '1 h 5 min',
      '2 h',
    ]);
  });
});
