import { expect } from 'chai';
import { authModule } from '../../core-modules/auth/auth.plugin.js';
import { dependencyGraphModule } from '../../core-modules/dependency-graph/dependency-graph.plugin.js';
import { notificationsModule } from '../../core-modules/notifications/notifications.plugin.js';
import { ContactBuffer } from '../../core-modules/screens/presence/contact-buffer.js';
import { measuredOffset, reportedOffset, supersedes, type ClockOffset } from '../../core-modules/screens/presence/clock-offset.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { screensModule } from '../../core-modules/screens/screens.plugin.js';
import { consoleEventsModule } from '../../core-modules/console-events/console-events.plugin.js';
import { settingsModule } from '../../core-modules/settings/settings.plugin.js';
import { createLogger } from '../../kernel/logger.js';
import { setUpOwner } from '../support/console-client.js';
import { pairScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const MINUTE = 60_000;
const T = Date.parse('2026-12-10T12:00:00Z');
const reading = (seconds: number, atMs: number, source: ClockOffset['source']): ClockOffset => ({ seconds, at: new Date(atMs), source });

describe('screens: clock offsets', () => {
  it('reads a clock only from an RFC 3339 instant, and a reported offset only from a number', () => {
    expect(measuredOffset('2026-12-10T11:40:00.000Z', new Date(T))).to.deep.equal(reading(1200, T, 'server'));
    expect(measuredOffset('2026-12-10T12:20:00+00:00', new Date(T))?.seconds).to.equal(-1200);
    // Date.parse would take "1" as the year 2001 and "2026" as a whole year.
    for (const bad of ['1', '2026', 'yesterday', 42, null, undefined, '2026-12-10 12:00:00'])
      expect(measuredOffset(bad, new Date(T)), String(bad)).to.equal(undefined);
    expect(reportedOffset(-1800.4, new Date(T))).to.deep.equal(reading(-1800, T, 'player'));
    for (const bad of ['-1800', Number.NaN, Number.POSITIVE_INFINITY, 3e9]) expect(reportedOffset(bad, new Date(T)), String(bad)).to.equal(undefined);
  });

  it('lets a later reading win, except a player’s own figure over a server measurement less than 10 minutes old', () => {
    const server = reading(-1200, T, 'server');
    expect(supersedes(reading(0, T + MINUTE, 'server'), server)).to.equal(true);
    expect(supersedes(reading(0, T - MINUTE, 'server'), server), 'earlier').to.equal(false);
    expect(supersedes(reading(0, T + 9 * MINUTE, 'player'), server)).to.equal(false);
    expect(supersedes(reading(0, T + 11 * MINUTE, 'player'), server)).to.equal(true);
    expect(supersedes(reading(0, T + MINUTE, 'player'), reading(5, T, 'player'))).to.equal(true);
    expect(supersedes(server, undefined)).to.equal(true);
  });

  describe('stored by two server processes', () => {
    let k: TestKernel;
    let screenId: string;
    before(async () => {
      k = await bootTestKernel({ plugins: [settingsModule, authModule, consoleEventsModule, dependencyGraphModule, notificationsModule, screensModule] });
      screenId = (await pairScreen(k, await setUpOwner(k))).screenId;
    });
    after(() => k?.stop());

    const deps = () => k.containerOf('screens').cradle as ScreensDeps;
    const buffer = () => new ContactBuffer(deps().contactRepository, createLogger('silent'), deps().playerFactsChanged, () => {});
    const stored = () => deps().contactRepository.clockOffset(screenId);

    it('keeps the later reading when an earlier one is flushed after it', async () => {
      const [a, b] = [buffer(), buffer()];
      a.clock(screenId, reading(-1200, Date.now() - MINUTE, 'server'));
      b.clock(screenId, reading(-30, Date.now(), 'server'));
      await b.flush();
      await a.flush();
      expect((await stored())?.seconds).to.equal(-30);
    });

    it('keeps a recent server measurement over the player’s own figure, and takes the figure once the measurement is old', async () => {
      const a = buffer();
      a.clock(screenId, reading(2, Date.now(), 'server'));
      await a.flush();
      a.clock(screenId, reading(900, Date.now() + 1_000, 'player'));
      await a.flush();
      expect(await stored()).to.include({ seconds: 2, source: 'server' });
      a.clock(screenId, reading(900, Date.now() + 11 * MINUTE, 'player'));
      await a.flush();
      expect(await stored()).to.include({ seconds: 900, source: 'player' });
      expect(await deps().screenClocks.offsetOf(screenId)).to.include({ seconds: 900 });
    });
  });
});
