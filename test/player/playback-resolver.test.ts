import { expect } from 'chai';
import { wallClock } from '../../kernel/local-time.js';
import { type Claim, decide } from '../../core-modules/player/playback/playback-resolver.js';
import { type ScheduleRule, type Window, windowAt, windowsBetween } from '../../core-modules/player/playback/schedule-windows.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const weekly = (over: Partial<ScheduleRule>): ScheduleRule => ({
  id: 's1',
  type: 'weekly',
  timezone: 'Europe/Berlin',
  priority: 0,
  specificity: 1,
  dailyStart: '09:00',
  dailyEnd: '17:00',
  daysOfWeek: [1, 2, 3, 4, 5],
  ...over,
});
const windowIso = (w: Window | undefined) => w && [iso(w.start), iso(w.end)];

describe('playback resolver: schedule windows', () => {
  it('plays a weekly window on its days, in its zone, start included and end excluded', () => {
    const rule = weekly({});
    // Monday 2026-11-23 09:00 in Berlin is 08:00 UTC.
    expect(windowIso(windowAt(rule, at('2026-11-23T08:00:00Z')))).to.deep.equal(['2026-11-23T08:00:00.000Z', '2026-11-23T16:00:00.000Z']);
    expect(windowAt(rule, at('2026-11-23T07:59:59Z'))).to.equal(undefined);
    expect(windowAt(rule, at('2026-11-23T16:00:00Z'))).to.equal(undefined);
    expect(windowAt(rule, at('2026-11-22T10:00:00Z')), 'Sunday').to.equal(undefined);
    expect(windowAt({ ...rule, timezone: 'America/New_York' }, at('2026-11-23T14:00:00Z')), 'New York 09:00').to.not.equal(undefined);
    expect(windowAt({ ...rule, timezone: 'America/New_York' }, at('2026-11-23T13:59:00Z'))).to.equal(undefined);
  });

  it('runs an overnight window past midnight, bounded by the day it starts on', () => {
    const rule = weekly({ dailyStart: '22:00', dailyEnd: '02:00', daysOfWeek: [5] });
    // Friday 2026-11-27 22:00 → Saturday 02:00, Berlin (UTC+1).
    expect(windowIso(windowAt(rule, at('2026-11-28T00:30:00Z')))).to.deep.equal(['2026-11-27T21:00:00.000Z', '2026-11-28T01:00:00.000Z']);
    expect(windowAt({ ...rule, endDate: '2026-11-27' }, at('2026-11-28T00:30:00Z')), 'ends on its start day').to.not.equal(undefined);
    expect(windowAt({ ...rule, startDate: '2026-11-28' }, at('2026-11-28T00:30:00Z')), 'starts the day after').to.equal(undefined);
    expect(windowAt(weekly({ dailyStart: '06:00', dailyEnd: '06:00', daysOfWeek: [1] }), at('2026-11-24T04:59:00Z')), 'equal times: 24 hours').to.not.equal(
      undefined,
    );
  });

  it('moves a start skipped by spring-forward to the transition (Europe/Berlin, America/New_York)', () => {
    // 2026-03-29: Berlin clocks jump from 02:00 to 03:00 (01:00 UTC).
    const berlin = weekly({ dailyStart: '02:30', dailyEnd: '04:00', daysOfWeek: [0] });
    expect(windowIso(windowAt(berlin, at('2026-03-29T01:30:00Z')))).to.deep.equal(['2026-03-29T01:00:00.000Z', '2026-03-29T02:00:00.000Z']);
    // 2026-03-08: New York jumps from 02:00 to 03:00 (07:00 UTC).
    const ny = weekly({ timezone: 'America/New_York', dailyStart: '01:30', dailyEnd: '02:30', daysOfWeek: [0] });
    expect(windowIso(windowAt(ny, at('2026-03-08T06:45:00Z')))).to.deep.equal(['2026-03-08T06:30:00.000Z', '2026-03-08T07:00:00.000Z']);
    // A window entirely inside the gap does not exist that day.
    expect(
      windowsBetween(weekly({ dailyStart: '02:10', dailyEnd: '02:50', daysOfWeek: [0] }), at('2026-03-28T12:00:00Z'), at('2026-03-30T00:00:00Z')),
    ).to.deep.equal([]);
  });

  it('starts a repeated fall-back time at its first occurrence and ends one at its second', () => {
    // 2026-10-25: Berlin clocks go back from 03:00 to 02:00 (01:00 UTC); 02:30 happens at 00:30 and 01:30 UTC.
    const berlin = weekly({ dailyStart: '02:30', dailyEnd: '02:45', daysOfWeek: [0] });
    expect(windowIso(windowAt(berlin, at('2026-10-25T01:00:00Z')))).to.deep.equal(['2026-10-25T00:30:00.000Z', '2026-10-25T01:45:00.000Z']);
    // 2026-11-01: New York goes back from 02:00 to 01:00 (06:00 UTC); 01:30 happens at 05:30 and 06:30 UTC.
    const ny = weekly({ timezone: 'America/New_York', dailyStart: '01:30', dailyEnd: '01:30', daysOfWeek: [0] });
    expect(windowIso(windowAt(ny, at('2026-11-01T06:00:00Z')))).to.deep.equal(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
    const nyShort = weekly({ timezone: 'America/New_York', dailyStart: '00:30', dailyEnd: '01:30', daysOfWeek: [0] });
    expect(windowIso(windowAt(nyShort, at('2026-11-01T06:15:00Z')))).to.deep.equal(['2026-11-01T04:30:00.000Z', '2026-11-01T06:30:00.000Z']);
  });

  it('plays a one-time window between its instants', () => {
    const rule: ScheduleRule = {
      id: 'o',
      type: 'one_time',
      timezone: 'UTC',
      priority: 0,
      specificity: 1,
      oneTimeStart: '2026-12-24T16:00:00Z',
      oneTimeEnd: '2026-12-26T08:00:00Z',
    };
    expect(windowAt(rule, at('2026-12-25T00:00:00Z'))).to.not.equal(undefined);
    expect(windowAt(rule, at('2026-12-26T08:00:00Z'))).to.equal(undefined);
    expect(windowAt({ ...rule, oneTimeEnd: rule.oneTimeStart }, at('2026-12-24T16:00:00Z')), 'empty').to.equal(undefined);
  });
});

describe('playback resolver: precedence', () => {
  const direct: Claim = { source: 'playlists.assignment', rank: 100, id: 'p-direct', content: { playlistId: 'p-direct' } };
  const scheduled = (id: string, window: Window, over: Partial<Claim> = {}): Claim => ({
    source: 'schedules.schedule',
    rank: 300,
    id,
    content: { playlistId: `p-${id}` },
    windows: [window],
    ...over,
  });
  const nine = { start: at('2026-11-23T09:00:00Z'), end: at('2026-11-23T17:00:00Z') };
  const noon = { start: at('2026-11-23T12:00:00Z'), end: at('2026-11-23T13:00:00Z') };

  it('lets a schedule win over the direct assignment inside its window only, and names the next transition', () => {
    const claims = [direct, scheduled('a', nine)];
    const inside = decide(claims, at('2026-11-23T10:00:00Z'));
    expect(inside.winner?.claim.id).to.equal('a');
    expect(inside.applicable.map((h) => h.claim.id)).to.deep.equal(['a', 'p-direct']);
    expect(iso(inside.nextTransition!)).to.equal('2026-11-23T17:00:00.000Z');
    const before = decide(claims, at('2026-11-23T08:00:00Z'));
    expect(before.winner?.claim.id).to.equal('p-direct');
    expect(iso(before.nextTransition!)).to.equal('2026-11-23T09:00:00.000Z');
    expect(decide([], at('2026-11-23T08:00:00Z'))).to.deep.equal({ applicable: [] });
  });

  it('orders schedules by priority, then specificity, then the later start, then the lower id', () => {
    const t = at('2026-11-23T12:30:00Z');
    const winner = (claims: Claim[]) => decide(claims, t).winner?.claim.id;
    expect(winner([scheduled('a', nine, { priority: 5 }), scheduled('b', noon, { priority: 1 })])).to.equal('a');
    expect(winner([scheduled('a', noon, { specificity: 0 }), scheduled('b', nine, { specificity: 1 })])).to.equal('b');
    expect(winner([scheduled('a', nine), scheduled('b', noon)])).to.equal('b');
    expect(winner([scheduled('b', noon), scheduled('a', noon)])).to.equal('a');
    expect(winner([scheduled('a', nine, { priority: 999 }), { ...direct, rank: 900, id: 'takeover' }])).to.equal('takeover');
  });
});

describe('playback resolver: against a minute-by-minute evaluation', () => {
  // The windows by their definition, found by walking the clock a minute at a time: a start is the
  // first instant whose wall time reaches it; an end is the instant after the last whose wall time
  // is still before it.
  function bruteWindow(rule: ScheduleRule, t: number): Window | undefined {
    const clock = (c: string) => (Number(c.slice(0, 2)) * 60 + Number(c.slice(3))) * MIN;
    const startClock = clock(rule.dailyStart!);
    const endClock = clock(rule.dailyEnd!);
    const day0 = Math.floor(wallClock(rule.timezone, t) / 86_400_000) * 86_400_000;
    const found: Window[] = [];
    for (let origin = day0 - 86_400_000; origin <= day0; origin += 86_400_000) {
      const date = new Date(origin).toISOString().slice(0, 10);
      if (!rule.daysOfWeek!.includes(new Date(origin).getUTCDay())) continue;
      if ((rule.startDate && date < rule.startDate) || (rule.endDate && date > rule.endDate)) continue;
      const wallStart = origin + startClock;
      const wallEnd = origin + (endClock <= startClock ? 86_400_000 : 0) + endClock;
      let start: number | undefined;
      let lastBeforeEnd: number | undefined;
      for (let m = wallStart - 15 * HOUR; m <= wallEnd + 15 * HOUR; m += MIN) {
        const wall = wallClock(rule.timezone, m);
        if (start === undefined && wall >= wallStart) start = m;
        if (wall < wallEnd) lastBeforeEnd = m;
      }
      const end = lastBeforeEnd! + MIN;
      if (start !== undefined && end > start && start <= t && t < end) found.push({ start, end });
    }
    return found[0];
  }

  // A seeded generator, so a failure names a case that can be run again.
  function random(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s + 0x6d2b79f5) >>> 0;
      let x = Math.imul(s ^ (s >>> 15), 1 | s);
      x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
    };
  }

  it('finds the same window as the walk for random weekly schedules around DST changes', function () {
    this.timeout(120_000);
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
    // Days with DST changes in one of the zones, and an ordinary one.
    const days = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01', '2026-07-15'];
    const next = random(20261125);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    // Clocks near the usual transition hours, and anywhere.
    const clock = () => {
      const minutes = next() < 0.6 ? 60 + Math.floor(next() * 180) : Math.floor(next() * 1440);
      return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    };
    for (let n = 0; n < 150; n++) {
      const rule = weekly({
        id: `r${n}`,
        timezone: pick(zones),
        dailyStart: clock(),
        dailyEnd: clock(),
        daysOfWeek: [0, 1, 2, 3, 4, 5, 6].filter(() => next() < 0.6),
        ...(next() < 0.2 ? { startDate: pick(days) } : {}),
        ...(next() < 0.2 ? { endDate: pick(days) } : {}),
      });
      const t = at(`${pick(days)}T00:00:00Z`) + Math.floor(next() * 48 * 60) * MIN - 12 * HOUR;
      expect(windowIso(windowAt(rule, t)), `${JSON.stringify(rule)} at ${iso(t)}`).to.deep.equal(windowIso(bruteWindow(rule, t)));
    }
  });
});
