import { expect } from 'chai';
import { canonicalType, defaultResult, terminalReasonOf } from '../../core-modules/activity/event-contract.js';
import { planSpans } from '../../core-modules/activity/proof-of-play.repository.js';
import { localDay, offsetMinutes } from '../../core-modules/activity/proof-of-play.service.js';

const H = 3_600_000;
const D = 24 * H;

describe('activity rules (pure)', () => {
  it('maps version 1 names and reasons onto contract version 2', () => {
    expect(canonicalType('playlist_item.completed')).to.equal('content.completed');
    expect(canonicalType('connection.recovered')).to.equal('connection.restored');
    expect(canonicalType('update.installed')).to.equal('update.installed');
    expect(terminalReasonOf('content.completed', undefined, undefined)).to.equal('completed_duration');
    expect(terminalReasonOf('presentation.stopped', 'emergency_takeover', undefined)).to.equal('takeover');
    expect(terminalReasonOf('content.failed', 'made_up', 'decoder_failure')).to.equal('decoder_failure');
    expect(terminalReasonOf('presentation.stopped', 'external_presentation', undefined)).to.equal('external_presentation');
    expect(defaultResult('presentation.stopped')).to.equal('partial');
    expect(defaultResult('safe_mode.exited')).to.equal('recovered');
  });

  it('reads whole UTC days and whole hours from the rollup, and only the edges and the tail from sessions', () => {
    const day0 = Date.parse('2026-11-01T00:00:00Z');
    const from = day0 + 22 * H + 30 * 60_000; // 22:30 on day 0
    const mark = day0 + 3 * D + 5 * H; // rolled up to 05:00 on day 3
    const to = day0 + 3 * D + 7 * H;
    const plan = planSpans(from, to, mark);
    expect(plan.days).to.deep.equal([[day0 + D, day0 + 3 * D]]);
    expect(plan.hours).to.deep.equal([
      [day0 + 23 * H, day0 + D],
      [day0 + 3 * D, mark],
    ]);
    expect(plan.live).to.deep.equal([
      [from, day0 + 23 * H],
      [mark, to],
    ]);
    expect(planSpans(from, to, null)).to.deep.equal({ days: [], hours: [], live: [[from, to]] });
    // Everything before the mark, inside one hour.
    expect(planSpans(day0 + 10 * 60_000, day0 + 20 * 60_000, mark)).to.deep.equal({ days: [], hours: [], live: [[day0 + 10 * 60_000, day0 + 20 * 60_000]] });
  });

  it('finds a local day’s bounds, across a daylight-saving change', () => {
    expect(offsetMinutes('Asia/Tokyo', Date.parse('2026-11-20T23:30:00Z'))).to.equal(540);
    expect(localDay('2026-11-21', 'Asia/Tokyo')).to.deep.equal({ from: new Date('2026-11-20T15:00:00Z'), to: new Date('2026-11-21T15:00:00Z') });
    // Europe/Berlin leaves summer time on 2026-10-25: that day has 25 hours.
    const { from, to } = localDay('2026-10-25', 'Europe/Berlin');
    expect([from.toISOString(), to.getTime() - from.getTime()]).to.deep.equal(['2026-10-24T22:00:00.000Z', 25 * H]);
  });
});
