import { expect } from 'chai';
import { exactTime, fromNow } from '../../console/src/screens/dates.js';
import { createRowDates } from '../../console/src/screens/screen-row-dates.js';

describe('console: the screens list’s last-contact times', () => {
  it('reads the same as the detail pages’ times, also after the minute turns', () => {
    let now = Date.now();
    const dates = createRowDates(() => now);
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const lastWeek = new Date(Date.now() - 7 * 24 * 3_600_000).toISOString();
    for (const at of [fiveMinutesAgo, lastWeek, fiveMinutesAgo]) {
      expect(dates.fromNow(at)).to.equal(fromNow(at));
      expect(dates.exactTime(at)).to.equal(exactTime(at));
    }
    expect(dates.fromNow(fiveMinutesAgo)).to.equal('5 minutes ago');
    now += 60_000;
    expect(dates.fromNow(lastWeek)).to.equal(fromNow(lastWeek));
  });
});
