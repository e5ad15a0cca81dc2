import { expect } from 'chai';
import type { DataRecord } from '../../browser-player/src/render/data-values.js';
import { valueText } from '../../browser-player/src/render/data-values.js';
import { chartData } from '../../browser-player/src/render/presentation/chart.js';
import { conditionHolds } from '../../browser-player/src/render/presentation/condition.js';
import { countdownText, parseCountdown, targetInstant } from '../../browser-player/src/render/presentation/countdown.js';
import { sections } from '../../browser-player/src/render/presentation/grouping.js';

/** A countdown widget's binding format, as the server compiles it. */
const countdown = (target: string, zone: string, recurrence = 'none', extra: { mode?: string; completion?: string; units?: string; text?: string } = {}) =>
  parseCountdown(
    [
      'countdown',
      'v2',
      encodeURIComponent(target),
      encodeURIComponent(zone),
      extra.mode ?? 'countdown',
      recurrence,
      extra.completion ?? 'completed_text',
      extra.units ?? '1110',
      encodeURIComponent(extra.text ?? ''),
    ].join(':'),
  )!;
const at = (iso: string) => Date.parse(iso);
const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString());

describe('browser player widgets: countdown targets', () => {
  it('reads a target without an offset as a wall time in the widget’s zone, not the browser’s', () => {
    const c = countdown('2026-12-24T18:00', 'America/New_York');
    expect(iso(targetInstant(c, at('2026-12-01T00:00:00Z')))).to.equal('2026-12-24T23:00:00.000Z');
    expect(countdownText(c, at('2026-12-24T21:30:00Z'))).to.equal('01h 30m');
  });

  it('rolls a daily target to the same wall time the day after a spring DST change', () => {
    // Berlin moves from UTC+1 to UTC+2 in the night to Sunday 2026-03-29.
    const c = countdown('2026-01-05T09:00', 'Europe/Berlin', 'daily');
    expect(iso(targetInstant(c, at('2026-03-28T07:00:00Z'))), 'Saturday, before 09:00').to.equal('2026-03-28T08:00:00.000Z');
    expect(iso(targetInstant(c, at('2026-03-28T09:00:00Z'))), 'Saturday, after 09:00').to.equal('2026-03-29T07:00:00.000Z');
    // 22 hours until Sunday 09:00, though the wall clock says 23.
    expect(countdownText(c, at('2026-03-28T09:00:00Z'))).to.equal('22h 00m');
  });

  it('rolls a weekly target across an autumn DST change and never completes', () => {
    // London goes back from UTC+1 to UTC+0 on Sunday 2026-10-25.
    const c = countdown('2026-10-04T08:30', 'Europe/London', 'weekly');
    expect(iso(targetInstant(c, at('2026-10-24T12:00:00Z')))).to.equal('2026-10-25T08:30:00.000Z');
    // At the occurrence itself the next week's is counted to, not a completion text.
    expect(iso(targetInstant(c, at('2026-10-25T08:30:00Z')))).to.equal('2026-11-01T08:30:00.000Z');
    expect(countdownText(c, at('2026-10-25T08:30:00Z'))).to.equal('7d 00h 00m');
  });

  it('lands a wall time the clocks skip on the jump itself, as schedules do', () => {
    const c = countdown('2026-03-01T02:30', 'Europe/Berlin', 'daily');
    expect(iso(targetInstant(c, at('2026-03-28T12:00:00Z')))).to.equal('2026-03-29T01:00:00.000Z');
  });

  it('keeps a monthly target on the month’s last day when the month is shorter, and a yearly 29 February on the 28th', () => {
    const monthly = countdown('2026-01-31T09:00', 'UTC', 'monthly');
    expect(iso(targetInstant(monthly, at('2026-02-01T00:00:00Z')))).to.equal('2026-02-28T09:00:00.000Z');
    expect(iso(targetInstant(monthly, at('2026-03-01T00:00:00Z')))).to.equal('2026-03-31T09:00:00.000Z');
    expect(iso(targetInstant(monthly, at('2026-12-31T10:00:00Z')))).to.equal('2027-01-31T09:00:00.000Z');
    const yearly = countdown('2024-02-29T12:00', 'UTC', 'yearly');
    expect(iso(targetInstant(yearly, at('2026-01-10T00:00:00Z')))).to.equal('2026-02-28T12:00:00.000Z');
    expect(iso(targetInstant(yearly, at('2027-03-01T00:00:00Z')))).to.equal('2028-02-29T12:00:00.000Z');
  });

  it('shows what the widget chose once a one-off target has passed', () => {
    const past = at('2026-06-01T12:00:00Z');
    const later = at('2026-06-02T13:01:00Z');
    expect(countdownText(countdown('2026-06-01T12:00:00Z', 'UTC'), later), 'no text given').to.equal('Complete');
    expect(countdownText(countdown('2026-06-01T12:00:00Z', 'UTC', 'none', { text: 'Doors open!' }), later)).to.equal('Doors open!');
    expect(countdownText(countdown('2026-06-01T12:00:00Z', 'UTC', 'none', { completion: 'hide' }), later)).to.equal('');
    expect(countdownText(countdown('2026-06-01T12:00:00Z', 'UTC', 'none', { completion: 'count_up' }), later)).to.equal('1d 01h 01m');
    expect(countdownText(countdown('2026-06-01T12:00:00Z', 'UTC', 'none', { mode: 'count_up', units: '0111' }), later)).to.equal('25h 01m 00s');
    expect(countdownText(countdown('2026-06-01T12:00:00Z', 'UTC'), past - 5000), 'under a minute, days hidden when none').to.equal('00h 00m');
  });

  it('carries hidden larger units into the largest one shown', () => {
    const c = countdown('2026-06-03T12:00:00Z', 'UTC', 'none', { units: '0011' });
    expect(countdownText(c, at('2026-06-01T11:58:30Z'))).to.equal('2881m 30s');
  });

  it('reads an unknown zone as UTC and an unreadable target as no text', () => {
    expect(iso(targetInstant(countdown('2026-06-01T10:00', 'Mars/Olympus'), 0))).to.equal('2026-06-01T10:00:00.000Z');
    expect(countdownText(countdown('next tuesday', 'UTC'), 0)).to.equal('');
  });
});

describe('browser player widgets: conditions', () => {
  it('compares numbers as numbers and text as text', () => {
    expect(conditionHolds('equals', '3', '3.0')).to.equal(true);
    expect(conditionHolds('equals', 'Open', 'open')).to.equal(false);
    expect(conditionHolds('not_equals', 'Open', 'Closed')).to.equal(true);
    expect(conditionHolds('greater_than', '10', '9')).to.equal(true, '10 > 9 though "10" < "9" as text');
    expect(conditionHolds('greater_or_equal', '9', '9')).to.equal(true);
    expect(conditionHolds('less_than', '-2.5', '0')).to.equal(true);
    expect(conditionHolds('less_or_equal', '1', '0')).to.equal(false);
  });

  it('never holds an order comparison with a side that is not a number', () => {
    expect(conditionHolds('greater_than', 'ten', '9')).to.equal(false);
    expect(conditionHolds('less_than', '', '9')).to.equal(false, 'an empty field is not zero');
  });

  it('tells empty from not empty, blanks counting as empty', () => {
    expect(conditionHolds('empty', '')).to.equal(true);
    expect(conditionHolds('empty', '  ')).to.equal(true);
    expect(conditionHolds('not_empty', '0')).to.equal(true);
  });

  it('compares dates and times as instants', () => {
    expect(conditionHolds('before', '2026-11-29', '2026-11-30T00:00:00Z')).to.equal(true);
    expect(conditionHolds('after', '2026-11-30T09:00:00+01:00', '2026-11-30T07:59:00Z')).to.equal(true);
    expect(conditionHolds('after', 'soon', '2026-11-30')).to.equal(false);
  });

  it('never holds an operator it does not know, so what it guards stays hidden', () => {
    expect(conditionHolds('matches', 'a', 'a')).to.equal(false);
  });
});

describe('browser player widgets: sections and charts', () => {
  const record = (id: string, values: Record<string, unknown>): DataRecord => ({ id, values });

  it('groups records under a heading per value, in the order they come', () => {
    const events = [
      record('a', { day: { kind: 'date', date: '2026-12-01' }, title: { kind: 'text', text: 'Assembly' } }),
      record('b', { day: { kind: 'date', date: '2026-12-02' }, title: { kind: 'text', text: 'Choir' } }),
      record('c', { day: { kind: 'date', date: '2026-12-01' }, title: { kind: 'text', text: 'Lunch' } }),
      record('d', { title: { kind: 'text', text: 'Someday' } }),
    ];
    const grouped = sections(events, (r) => valueText(r.values.day, 'date-long') ?? '');
    expect(grouped.map((s) => [s.heading, s.records.map((r) => r.id)])).to.deep.equal([
      ['December 1, 2026', ['a', 'c']],
      ['December 2, 2026', ['b']],
      ['', ['d']],
    ]);
  });

  it('reads a chart’s series from the records, with the axis from zero or the given bounds', () => {
    const sales = [
      record('1', { month: { kind: 'text', text: 'Jan' }, north: { kind: 'number', number: 12 }, south: { kind: 'integer', integer: -3 } }),
      record('2', { month: { kind: 'text', text: 'Feb' }, north: { kind: 'text', text: '20' }, south: { kind: 'text', text: 'n/a' } }),
    ];
    const series = [{ field: 'north', label: 'North', color: '#ff0000' }, { field: 'south' }];
    const data = chartData(sales, { labelField: 'month', series });
    expect(data.labels).to.deep.equal(['Jan', 'Feb']);
    expect(data.series.map((s) => [s.label, s.color, s.values])).to.deep.equal([
      ['North', '#ff0000', [12, 20]],
      ['south', '#f5a524', [-3, undefined]],
    ]);
    expect([data.min, data.max]).to.deep.equal([-3, 20]);
    expect(chartData(sales, { labelField: 'month', series, minimum: 10, maximum: 15 })).to.include({ min: 10, max: 15 });
    expect(chartData(sales, { valueField: 'north' }).series.map((s) => s.values)).to.deep.equal([[12, 20]]);
  });
});
