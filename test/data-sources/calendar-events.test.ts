import { expect } from 'chai';
import { expandCalendar } from '../../core-modules/data-sources/providers/calendar-events.js';

const calendar = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
const march = { timeZone: 'Europe/Berlin', from: Date.parse('2026-03-01T00:00:00Z'), to: Date.parse('2026-04-01T00:00:00Z'), maxEvents: 100 };

describe('calendar expansion', () => {
  it('keeps a weekly event at its wall-clock time across a DST change, with exclusions and a moved occurrence', () => {
    const ics = calendar(
      [
        'UID:weekly@x',
        'DTSTART;TZID=America/New_York:20260302T090000',
        'DTEND;TZID=America/New_York:20260302T100000',
        'RRULE:FREQ=WEEKLY;COUNT=5',
        'EXDATE;TZID=America/New_York:20260316T090000',
        'SUMMARY:Stand-up',
      ],
      [
        'UID:weekly@x',
        'RECURRENCE-ID;TZID=America/New_York:20260323T090000',
        'DTSTART;TZID=America/New_York:20260323T110000',
        'DTEND;TZID=America/New_York:20260323T113000',
        'SUMMARY:Stand-up (moved)',
      ],
    );
    const events = expandCalendar(ics, march);
    expect(events.map((e) => [e.start, e.end, e.title])).to.deep.equal([
      // EST (UTC−5) before 8 March, EDT (UTC−4) after: 09:00 in New York both times.
      ['2026-03-02T14:00:00.000Z', '2026-03-02T15:00:00.000Z', 'Stand-up'],
      ['2026-03-09T13:00:00.000Z', '2026-03-09T14:00:00.000Z', 'Stand-up'],
      ['2026-03-23T15:00:00.000Z', '2026-03-23T15:30:00.000Z', 'Stand-up (moved)'],
      ['2026-03-30T13:00:00.000Z', '2026-03-30T14:00:00.000Z', 'Stand-up'],
    ]);
    expect(new Set(events.map((e) => e.id)).size, 'each occurrence its own id').to.equal(4);
  });

  it('places all-day and floating events in the source’s zone, leaves cancelled ones out, and ends a timed event without an end where it starts', () => {
    const ics = calendar(
      ['UID:a', 'DTSTART;VALUE=DATE:20260305', 'SUMMARY:Holiday'],
      ['UID:b', 'DTSTART:20260310T180000', 'SUMMARY:Talk'],
      ['UID:c', 'DTSTART:20260311T180000Z', 'STATUS:CANCELLED', 'SUMMARY:Gone'],
      ['UID:d', 'DTSTART:20260312T080000Z', 'SUMMARY:In UTC'],
    );
    const events = expandCalendar(ics, march);
    expect(events.map((e) => [e.title, e.allDay, e.start, e.end, e.date])).to.deep.equal([
      ['Holiday', true, '2026-03-04T23:00:00.000Z', '2026-03-05T23:00:00.000Z', '2026-03-05'],
      ['Talk', false, '2026-03-10T17:00:00.000Z', '2026-03-10T17:00:00.000Z', undefined],
      ['In UTC', false, '2026-03-12T08:00:00.000Z', '2026-03-12T08:00:00.000Z', undefined],
    ]);
  });

  it('reads lists of exclusions and extra dates, and places a zone it does not know in the source’s zone rather than dropping the event', () => {
    const ics = calendar(
      [
        'UID:daily',
        'DTSTART;TZID=Europe/Paris:20260302T090000',
        'DTEND;TZID=Europe/Paris:20260302T100000',
        'RRULE:FREQ=DAILY;COUNT=6',
        'EXDATE;TZID=Europe/Paris:20260303T090000,20260305T090000',
        'RDATE;TZID=Europe/Paris:20260310T120000',
        'SUMMARY:Daily',
      ],
      ['UID:odd', 'DTSTART;TZID=W. Europe Standard Time:20260304T090000', 'SUMMARY:Odd zone'],
    );
    expect(expandCalendar(ics, march).map((e) => [e.title, e.start])).to.deep.equal([
      ['Daily', '2026-03-02T08:00:00.000Z'],
      ['Daily', '2026-03-04T08:00:00.000Z'],
      ['Odd zone', '2026-03-04T08:00:00.000Z'],
      ['Daily', '2026-03-06T08:00:00.000Z'],
      ['Daily', '2026-03-07T08:00:00.000Z'],
      ['Daily', '2026-03-10T11:00:00.000Z'],
    ]);
  });

  it('expands an endless rule only over the window, and refuses what is not iCalendar', () => {
    const ics = calendar(['UID:daily', 'DTSTART:20200101T120000Z', 'RRULE:FREQ=DAILY', 'SUMMARY:Noon']);
    const events = expandCalendar(ics, { ...march, maxEvents: 7 });
    expect(events).to.have.length(7);
    expect(events[0]!.start).to.equal('2026-03-01T12:00:00.000Z');
    expect(() => expandCalendar('<html>sign in</html>', march)).to.throw(/not iCalendar/);
  });
});
