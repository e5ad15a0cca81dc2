import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString();

describe('clocks: players whose clocks are off', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const sequences = new Map<string, number>();

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const screenOf = async (s: PairedScreen) => (await api('GET', `/api/v1/screens/${s.screenId}`)).body.data;
  const telemetryOf = async (s: PairedScreen) =>
    (await api('GET', `/api/v1/activity/screens/${s.screenId}/telemetry?from=${at(Date.now() - 24 * HOUR)}&to=${at(Date.now() + HOUR)}`)).body.data;
  const sample = (observedAt: number, fields: Record<string, unknown> = {}) => ({
    observedAt: at(observedAt),
    interval: { seconds: 60, connectedSeconds: 60 },
    ...fields,
  });
  const sendSample = (k: TestKernel, s: PairedScreen, body: unknown) => playerCall(k, s.credential, 'POST', '/api/v1/player/telemetry', body);
  const heartbeat = (s: PairedScreen, body: Record<string, unknown>) => playerCall(k, s.credential, 'POST', '/api/v1/player/heartbeat', body);

  /** A presentation and one item that played ten seconds, stamped by a player clock reading `start`. */
  function play(s: PairedScreen, start: number) {
    const root = randomUUID();
    const child = randomUUID();
    const next = () => {
      const sequence = (sequences.get(s.screenId) ?? 0) + 1;
      sequences.set(s.screenId, sequence);
      return { id: randomUUID(), sequence, playerTimezone: 'UTC' };
    };
    const events = [
      { ...next(), eventType: 'presentation.started', occurredAt: at(start), elapsedRealtimeMs: 1_000, activitySessionId: root, sessionType: 'presentation' },
      { ...next(), eventType: 'content.started', occurredAt: at(start + 1_000), elapsedRealtimeMs: 2_000, activitySessionId: child, contentId: 'a' },
      { ...next(), eventType: 'content.completed', occurredAt: at(start + 11_000), activitySessionId: child, durationMs: 10_000, result: 'completed' },
    ];
    return { root, child, events };
  }
  const postEvents = (s: PairedScreen, events: unknown[]) => playerCall(k, s.credential, 'POST', '/api/v1/player/activity-events', { events });
  const storedEvents = (s: PairedScreen) => k.db('activity_events').where({ screen_id: s.screenId }).orderBy('sequence');
  /** Waits until the screen shows a clock offset that `accept` takes. */
  const offsetShown = (s: PairedScreen, accept: (seconds: number | null) => boolean) =>
    eventually(
      () => screenOf(s),
      (v) => accept(v.deviceClockOffsetSeconds),
    );

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { SCREENS_CONTACT_FLUSH_MS: '50' } });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  describe('telemetry', () => {
    it('keeps the latest sample moving forward only: one 23 hours old, sent after a newer one, counts in its own rollup and replaces nothing', async () => {
      const screen = await pairScreen(k, owner, { name: 'Telemetry' });
      const now = Date.now();
      expect((await sendSample(k, screen, sample(now, { rendererState: 'newer' }))).status).to.equal(202);
      expect(
        (await sendSample(k, screen, sample(now - 23 * HOUR, { rendererState: 'older', interval: { seconds: 60, connectedSeconds: 7 } }))).status,
      ).to.equal(202);
      const read = await telemetryOf(screen);
      expect(read.snapshot.sample.rendererState).to.equal('newer');
      expect(read.snapshot.observedAt).to.equal(at(now));
      const oldBucket = at(Math.floor((now - 23 * HOUR) / (5 * MINUTE)) * 5 * MINUTE);
      expect(read.rollups.find((r: { bucket: string }) => r.bucket === oldBucket)).to.include({ samples: 1, connectedSeconds: 7 });
    });

    it('settles samples written at once by two server processes on the newest', async () => {
      const screen = await pairScreen(k, owner, { name: 'Two processes' });
      const other = await bootTestKernel({ plugins: coreModules, databaseUrl: k.databaseUrl });
      try {
        const now = Date.now();
        const times = [5, 1, 9, 3, 7, 0, 8, 2, 6, 4].map((i) => now - i * MINUTE);
        const sent = await Promise.all(times.map((t, i) => sendSample(i % 2 ? other : k, screen, sample(t, { rendererState: at(t) }))));
        expect(sent.map((r) => r.status)).to.deep.equal(times.map(() => 202));
        expect((await telemetryOf(screen)).snapshot.sample.rendererState).to.equal(at(now));
      } finally {
        await other.stop();
      }
    });

    it('puts a fast clock’s sample on the server’s clock instead of refusing it', async () => {
      const screen = await pairScreen(k, owner, { name: 'Fast telemetry' });
      expect((await heartbeat(screen, { deviceClockOffsetSeconds: -20 * 60 })).status).to.equal(200);
      await offsetShown(screen, (s) => s === -1200);
      const ahead = Date.now() + 20 * MINUTE;
      const res = await sendSample(k, screen, sample(ahead));
      expect(res.status, JSON.stringify(res.body)).to.equal(202);
      const read = await telemetryOf(screen);
      expect(read.snapshot.sample.observedAt).to.equal(at(ahead));
      expect(read.snapshot.observedAt).to.equal(at(ahead - 20 * MINUTE));
    });
  });

  describe('proof of play', () => {
    it('measures a Linux player’s clock from its socket pong, shows it with a warning, and files its playback on the server’s clock', async () => {
      const screen = await pairScreen(k, owner, { name: 'Fast Linux' });
      const socket = await openPlayerSocket(k, screen.credential);
      try {
        await socket.next('server.ping');
        socket.send({ type: 'player.pong', timestamp: at(Date.now() + 20 * MINUTE) });
        const view = await offsetShown(screen, (s) => s !== null);
        expect(view.deviceClockOffsetSeconds).to.be.within(-1201, -1199);
        expect(view).to.include({ clockSkewWarningSeconds: 300, clockSkewWarning: true });
        expect(Date.parse(view.deviceClockOffsetMeasuredAt)).to.be.closeTo(Date.now(), 10_000);

        const start = Date.now() + 20 * MINUTE - MINUTE;
        const played = play(screen, start);
        const ack = (await postEvents(screen, played.events)).body.data;
        expect(ack).to.include({ accepted: 3 });
        expect(ack.rejected).to.deep.equal([]);
        const offset = view.deviceClockOffsetSeconds * 1000;
        const [first] = await storedEvents(screen);
        expect(first.occurred_at.toISOString()).to.equal(at(start + offset));
        expect(first.details).to.include({ reportedOccurredAt: at(start), clockOffsetSeconds: view.deviceClockOffsetSeconds });
        const sessions = (
          await api('GET', `/api/v1/activity/proof-of-play?screen=${screen.screenId}&from=${at(Date.now() - HOUR)}&to=${at(Date.now() + HOUR)}`)
        ).body.data.items;
        const child = sessions.find((x: { activitySessionId: string }) => x.activitySessionId === played.child);
        expect(child).to.include({ startedAt: at(start + 1_000 + offset), endedAt: at(start + 11_000 + offset), result: 'completed' });
      } finally {
        socket.ws.close();
        await socket.closed;
      }
    });

    it('takes the offset an Android player reports in its heartbeat, unless the server measured the clock itself in the last 10 minutes', async () => {
      const android = await pairScreen(k, owner, { name: 'Slow Android' });
      expect((await heartbeat(android, { deviceClockOffsetSeconds: 1800, playerVersion: '3.0.0' })).status).to.equal(200);
      await offsetShown(android, (s) => s === 1800);
      const start = Date.now() - 30 * MINUTE;
      await postEvents(android, play(android, start).events);
      expect((await storedEvents(android))[0].occurred_at.toISOString()).to.equal(at(start + 1_800_000));

      const linux = await pairScreen(k, owner, { name: 'Measured' });
      const socket = await openPlayerSocket(k, linux.credential);
      try {
        await socket.next('server.ping');
        socket.send({ type: 'player.pong', timestamp: at(Date.now()) });
        await offsetShown(linux, (s) => s !== null);
        expect((await heartbeat(linux, { deviceClockOffsetSeconds: 1800 })).status).to.equal(200);
        await eventually(
          () => k.db('screen_status').where({ screen_id: linux.screenId }).first(),
          (r) => r.last_heartbeat?.deviceClockOffsetSeconds === 1800,
        );
        expect((await screenOf(linux)).deviceClockOffsetSeconds).to.be.within(0, 2);
      } finally {
        socket.ws.close();
        await socket.closed;
      }
    });

    it('never moves a right clock: an offset of a few seconds, as network delay makes, is shown but not applied', async () => {
      const screen = await pairScreen(k, owner, { name: 'Right clock' });
      expect((await heartbeat(screen, { deviceClockOffsetSeconds: 3 })).status).to.equal(200);
      await offsetShown(screen, (s) => s === 3);
      expect((await screenOf(screen)).clockSkewWarning).to.equal(false);
      const start = Date.now() - MINUTE;
      await postEvents(screen, play(screen, start).events);
      const [first] = await storedEvents(screen);
      expect(first.occurred_at.toISOString()).to.equal(at(start));
      expect(first.details).not.to.have.any.keys('reportedOccurredAt', 'clockOffsetSeconds');
    });

    it('refuses, saying why, events from a clock more than 24 hours off, and does not move the others', async () => {
      const screen = await pairScreen(k, owner, { name: 'Days ahead' });
      expect((await heartbeat(screen, { deviceClockOffsetSeconds: -3 * 86_400 })).status).to.equal(200);
      await offsetShown(screen, (s) => s === -3 * 86_400);
      const future = play(screen, Date.now() + 3 * 24 * HOUR);
      const now = play(screen, Date.now() - MINUTE);
      const ack = (await postEvents(screen, [...future.events, ...now.events])).body.data;
      expect(ack.accepted).to.equal(3);
      expect(ack.rejected).to.have.length(3);
      expect(ack.rejected[0].message).to.contain("the screen's clock is 259200 s ahead of the server's, more than the 24 hours that are corrected");
      expect(ack.acknowledgedEventIds).to.include(future.events[0]!.id);
      expect((await storedEvents(screen))[0].occurred_at.toISOString()).to.equal(now.events[0]!.occurredAt);
    });
  });

  it('documents the clock fields in openapi.json', async () => {
    const doc = (await api('GET', '/api/v1/openapi.json')).body;
    const text = JSON.stringify(doc);
    for (const field of ['deviceClockOffsetSeconds', 'deviceClockOffsetMeasuredAt', 'clockSkewWarningSeconds', 'clockSkewWarning']) {
      expect(text, field).to.contain(`"${field}"`);
    }
    expect(doc.paths['/api/v1/player/activity-events'].post.description).to.contain('deviceClockOffsetSeconds');
    expect(JSON.stringify(doc.paths['/api/v1/player/heartbeat'].post)).to.contain('deviceClockOffsetSeconds');
  });
});
