import { expect } from 'chai';
import { createRowDates } from '../../console/src/screens/screen-row-dates.js';

describe('console: the screens list’s last-contact times', () => {
  it('formats each moment once while scrolling, and its relative time again when the minute turns', () => {
    let now = Date.parse('2026-03-02T10:00:10Z');
    const asked: string[] = [];
    const dates = createRowDates(
      {
        fromNow: (iso) => {
          asked.push(`relative ${iso}`);
          return `${Math.round((now - Date.parse(iso)) / 60_000)} minutes ago`;
        },
        exactTime: (iso) => {
          asked.push(`exact ${iso}`);
          return `exactly ${iso}`;
        },
      },
      () => now,
    );
    const at = '2026-03-02T09:55:10Z';
    for (let i = 0; i < 3; i++) {
      expect(dates.fromNow(at)).to.equal('5 minutes ago');
      expect(dates.exactTime(at)).to.equal(`exactly ${at}`);
    }
    now += 60_000;
    expect(dates.fromNow(at)).to.equal('6 minutes ago');
    expect(dates.exactTime(at)).to.equal(`exactly ${at}`);
    expect(asked).to.deep.equal([`relative ${at}`, `exact ${at}`, `relative ${at}`]);
  });
});
