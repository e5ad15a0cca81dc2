import { expect } from 'chai';
import { recordDate, selectByDate, selectionProblem } from '../../core-modules/data-sources/providers/date-selection.js';

describe('date selection', () => {
  it('reads the ways feeds write dates: a day stays a day, a moment becomes an instant, the rest is no date', () => {
    expect(recordDate('2026-11-24')).to.equal('2026-11-24');
    expect(recordDate('11/24/2026')).to.equal('2026-11-24');
    expect(recordDate('3/7/2026')).to.equal('2026-03-07');
    expect(recordDate('07-Mar-2026')).to.equal('2026-03-07');
    expect(recordDate('Tue, 24 Nov 2026 07:30:00 GMT')).to.equal('2026-11-24T07:30:00.000Z');
    expect(recordDate('2026-11-24T09:00:00+01:00')).to.equal('2026-11-24T08:00:00.000Z');
    // A stated format takes that form only; days that do not exist are no date.
    expect(recordDate('11/24/2026', 'iso_date')).to.equal('');
    expect(recordDate('03/07/2026', 'us_date')).to.equal('2026-03-07');
    expect(recordDate('2026-02-30')).to.equal('');
    expect(recordDate('soon')).to.equal('');
  });

  it('picks the day on the screen’s clock, the next dated day, the week or a range, and what to do when none matches', () => {
    const menu = ['2026-11-23', '2026-11-26', '2026-11-27', '2026-11-30', '2026-11-27T03:00:00Z', ''];
    const pick = (selection: Parameters<typeof selectByDate>[2], now: string, on?: string) => selectByDate(menu, (d) => d, selection, new Date(now), on);
    // 03:00Z on the 27th is still the 26th in New York: its today includes that moment.
    expect(pick({ enabled: true, mode: 'today', timezone: 'America/New_York' }, '2026-11-27T02:00:00Z')).to.deep.equal(['2026-11-26', '2026-11-27T03:00:00Z']);
    expect(pick({ enabled: true, mode: 'today' }, '2026-11-27T02:00:00Z')).to.deep.equal(['2026-11-27', '2026-11-27T03:00:00Z']);
    expect(pick({ enabled: true, mode: 'tomorrow' }, '2026-11-26T12:00:00Z')).to.deep.equal(['2026-11-27', '2026-11-27T03:00:00Z']);
    expect(pick({ enabled: true, mode: 'next_available' }, '2026-11-28T12:00:00Z')).to.deep.equal(['2026-11-30']);
    // Monday 23 to Sunday 29.
    expect(pick({ enabled: true, mode: 'current_week', excludePast: true }, '2026-11-26T12:00:00Z')).to.deep.equal([
      '2026-11-26',
      '2026-11-27',
      '2026-11-27T03:00:00Z',
    ]);
    expect(pick({ enabled: true, mode: 'custom_range', customStartDate: '2026-11-27', customEndDate: '2026-12-31' }, '2026-11-26T12:00:00Z')).to.have.length(3);
    // Nothing today (Saturday 28): empty, or the next dated day.
    expect(pick({ enabled: true, mode: 'today' }, '2026-11-28T12:00:00Z')).to.deep.equal([]);
    expect(pick({ enabled: true, mode: 'today', noMatchBehavior: 'next_available' }, '2026-11-28T12:00:00Z')).to.deep.equal(['2026-11-30']);
    // A preview asks about a given day.
    expect(pick({ enabled: true, mode: 'today' }, '2026-11-28T12:00:00Z', '2026-11-23')).to.deep.equal(['2026-11-23']);
  });

  it('refuses a selection players could not follow', () => {
    expect(selectionProblem({ enabled: false, timezone: 'Mars/Olympus' })).to.equal(undefined);
    expect(selectionProblem({ enabled: true, timezone: 'Mars/Olympus' })).to.match(/time zone/);
    expect(selectionProblem({ enabled: true, mode: 'custom_range', customStartDate: '2026-12-01', customEndDate: '2026-11-01' })).to.match(/custom range/);
    expect(selectionProblem({ enabled: true, noMatchBehavior: 'fallback_text', fallbackText: ' ' })).to.match(/fallback/);
    expect(selectionProblem({ enabled: true, mode: 'today', timezone: 'europe/paris' })).to.equal(undefined);
  });
});
