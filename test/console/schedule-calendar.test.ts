import { expect } from 'chai';
import { windowsBetween as serverWindows } from '../../core-modules/player/playback/schedule-windows.js';
import { calendarEvents, colourOf } from '../../console/src/schedules/calendar-events.js';
import { movedTimes, timesFromRange } from '../../console/src/schedules/calendar-times.js';
import { conflictRange, conflictsOf, type SchedulePlan } from '../../console/src/schedules/schedule-conflicts.js';
import { windowsBetween } from '../../console/src/schedules/schedule-windows.js';

const at = (iso: string) => Date.parse(iso);
const LOBBY = { type: 'screen' as const, id: 'lobby', name: 'Lobby' };
const HALL = { type: 'screen' as const, id: 'hall', name: 'Hall' };
const weekly = (over: Partial<SchedulePlan> = {}): SchedulePlan => ({
  id: 'a',
  name: 'A',
  enabled: true,
  priority: 0,
  plays: true,
  targets: [LOBBY],
  type: 'weekly',
  timezone: 'Europe/Berlin',
  dailyStart: '09:00',
  dailyEnd: '12:00',
  daysOfWeek: [1, 2, 3, 4, 5],
  ...over,
});
// Monday 2026-03-23 .. the week of the spring change (Sunday 2026-03-29, 02:00 → 03:00 in Berlin).
const FROM = at('2026-03-22T23:00:00Z');
const TO = at('2026-04-06T00:00:00Z');

// WCAG's contrast ratio of white text on a #rrggbb background.
function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

describe('console: schedule calendar rules', () => {
  it('gives every content a colour white text can be read on (4.5:1), eight of them', () => {
    const colours = new Set(Array.from({ length: 200 }, (_, i) => colourOf(`playlist:${i}`)));
    expect(colours.size).to.equal(8);
    for (const colour of colours) expect(contrastWithWhite(colour), colour).to.be.at.least(4.5);
  });
  it('finds the windows the server’s resolver finds: overnight, date bounds, DST, one-time', () => {
    const rules: SchedulePlan[] = [
      weekly(),
      weekly({ dailyStart: '22:00', dailyEnd: '02:30', daysOfWeek: [6, 0], startDate: '2026-03-28', endDate: '2026-04-04' }),
      weekly({ timezone: 'America/New_York', dailyStart: '01:30', dailyEnd: '03:30', daysOfWeek: [0] }),
      weekly({ timezone: 'UTC', dailyStart: '00:00', dailyEnd: '00:00', daysOfWeek: [3] }),
      weekly({ type: 'one_time', oneTimeStart: '2026-03-25T10:00:00.000Z', oneTimeEnd: '2026-03-27T10:00:00.000Z', daysOfWeek: [] }),
    ];
    for (const rule of rules) {
      const expected = serverWindows({ ...rule, id: 'x', specificity: 0 }, FROM, TO);
      expect(expected.length, 'each case has windows').to.be.greaterThan(0);
      expect(windowsBetween(rule, FROM, TO), JSON.stringify(rule)).to.deep.equal(expected);
    }
  });

  it('draws each occurrence in the display zone’s wall clock, coloured by content, disabled ones apart', () => {
    const events = calendarEvents(
      [
        { ...weekly({ daysOfWeek: [1] }), id: 'a', contentKey: 'p1', revision: '1' },
        { ...weekly({ daysOfWeek: [2], enabled: false, timezone: 'UTC' }), id: 'b', contentKey: 'p1', revision: '1' },
      ],
      at('2026-03-23T00:00:00Z'),
      at('2026-03-30T00:00:00Z'),
      'Europe/Berlin',
    );
    expect(events.map((e) => [e.id.split('@')[0], e.start.toISOString(), e.end.toISOString()])).to.deep.equal([
      ['a', '2026-03-23T09:00:00.000Z', '2026-03-23T12:00:00.000Z'],
      // 09:00 UTC is 10:00 in Berlin (winter time, +1).
      ['b', '2026-03-24T10:00:00.000Z', '2026-03-24T13:00:00.000Z'],
    ]);
    expect(events[0]!.backgroundColor).to.equal(colourOf('p1'));
    expect(events[1]!.classNames).to.deep.equal(['schedule-disabled']);
    expect(events[1]!.backgroundColor).to.not.equal(events[0]!.backgroundColor);
  });

  it('turns a drawn range into one weekday’s times in the zone, and the same range once', () => {
    expect(timesFromRange(at('2026-03-25T08:00:00Z'), at('2026-03-25T09:30:00Z'), 'Europe/Berlin')).to.deep.equal({
      daysOfWeek: [3],
      dailyStart: '09:00',
      dailyEnd: '10:30',
      oneTimeStart: '2026-03-25T08:00:00.000Z',
      oneTimeEnd: '2026-03-25T09:30:00.000Z',
    });
  });

  it('moves a weekly schedule’s days with the occurrence moved, resizes its end, and refuses more than a day', () => {
    const rule = weekly({ daysOfWeek: [5, 6], dailyStart: '09:00', dailyEnd: '12:00' });
    // Friday 27 March 09:00 Berlin (08:00 UTC) dragged to Saturday 10:00.
    expect(movedTimes(rule, at('2026-03-27T08:00:00Z'), at('2026-03-28T09:00:00Z'), at('2026-03-28T12:00:00Z'))).to.deep.equal({
      dailyStart: '10:00',
      dailyEnd: '13:00',
      daysOfWeek: [0, 6],
    });
    expect(movedTimes(rule, at('2026-03-27T08:00:00Z'), at('2026-03-27T08:00:00Z'), at('2026-03-27T12:00:00Z'))).to.deep.include({
      dailyEnd: '13:00',
      daysOfWeek: [5, 6],
    });
    expect(movedTimes(rule, at('2026-03-27T08:00:00Z'), at('2026-03-27T08:00:00Z'), at('2026-03-28T09:00:00Z'))).to.equal(undefined);
    const once = weekly({ type: 'one_time', oneTimeStart: '2026-03-27T08:00:00.000Z', oneTimeEnd: '2026-03-29T08:00:00.000Z' });
    expect(movedTimes(once, 0, at('2026-03-28T08:00:00Z'), at('2026-03-30T08:00:00Z'))).to.deep.equal({
      oneTimeStart: '2026-03-28T08:00:00.000Z',
      oneTimeEnd: '2026-03-30T08:00:00.000Z',
    });
  });

  describe('conflicts, by the resolver’s order (priority, then specificity, then the later start)', () => {
    const week = conflictRange(weekly(), at('2026-03-23T00:00:00Z'));
    const draft = weekly({ id: undefined, name: 'Draft', dailyStart: '11:00', dailyEnd: '13:00', daysOfWeek: [3] });

    it('ties with a schedule on the same target, at the same priority, holding at the same time', () => {
      const conflicts = conflictsOf(draft, [weekly()], ...week);
      expect(conflicts).to.deep.equal([{ scheduleId: 'a', name: 'A', target: LOBBY, start: at('2026-03-25T10:00:00Z'), end: at('2026-03-25T11:00:00Z') }]);
    });

    it('does not when a priority decides, the targets differ, the times do not meet, or one does not play', () => {
      expect(conflictsOf({ ...draft, priority: 1 }, [weekly()], ...week), 'priority').to.deep.equal([]);
      expect(conflictsOf({ ...draft, targets: [HALL] }, [weekly()], ...week), 'another screen').to.deep.equal([]);
      expect(conflictsOf({ ...draft, dailyStart: '12:00' }, [weekly()], ...week), 'ends are excluded: 12:00 follows 09:00–12:00').to.deep.equal([]);
      expect(conflictsOf({ ...draft, daysOfWeek: [0] }, [weekly()], ...week), 'another day').to.deep.equal([]);
      expect(conflictsOf(draft, [weekly({ enabled: false })], ...week), 'disabled').to.deep.equal([]);
      expect(conflictsOf(draft, [weekly({ plays: false })], ...week), 'a display action').to.deep.equal([]);
      expect(conflictsOf({ ...draft, id: 'a' }, [weekly()], ...week), 'itself, being moved').to.deep.equal([]);
    });

    it('follows each zone: 10:00 in London is 11:00 in Berlin', () => {
      const london = { ...draft, timezone: 'Europe/London', dailyStart: '10:00', dailyEnd: '10:30' };
      expect(conflictsOf(london, [weekly({ dailyStart: '11:00', dailyEnd: '11:15' })], ...week)).to.have.length(1);
      expect(conflictsOf(london, [weekly({ dailyStart: '10:00', dailyEnd: '11:00' })], ...week)).to.deep.equal([]);
    });

    it('looks at a one-time schedule’s own days, wherever the calendar is', () => {
      const once = { ...draft, type: 'one_time' as const, oneTimeStart: '2026-06-03T09:30:00.000Z', oneTimeEnd: '2026-06-03T10:30:00.000Z', daysOfWeek: [] };
      expect(conflictsOf(once, [weekly()], ...conflictRange(once, at('2026-03-23T00:00:00Z')))).to.have.length(1);
    });
  });
});
