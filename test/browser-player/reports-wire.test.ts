import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { PlaybackLoop } from '../../browser-player/src/playback/playback-loop.js';
import { PlayerApi } from '../../browser-player/src/protocol/api.js';
import { activityEvent } from '../../browser-player/src/protocol/activity-events.js';
import { MemoryPlayQueue, Reporter } from '../../browser-player/src/protocol/reports.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { pairScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { asset, item, manifest, oneTime, playlist, uuid } from './manifest-fixtures.js';
import { RecordingStage, settle } from './recording-stage.js';

/** What the browser player reports (heartbeat, proof of play) as the server takes it: the fields the console shows from it. */
describe('browser player reports on the wire', () => {
  let k: TestKernel;
  let owner: ConsoleSession;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  async function enrolledApi(name: string) {
    const { credential, screenId } = await pairScreen(k, owner, { name });
    return { api: new PlayerApi({ baseUrl: k.url, credential }), screenId };
  }

  const flushContact = () => (k.containerOf('screens').cradle as ScreensDeps).contactBuffer.flush();
  const lastHeartbeat = async (screenId: string) => (await k.db('screen_status').where({ screen_id: screenId }).first())?.last_heartbeat;

  it('tells the console that playback was turned off (disable_playback), and that it is on again', async () => {
    const { api, screenId } = await enrolledApi('Disabled foyer');
    const loop = new PlaybackLoop({
      stage: new RecordingStage(),
      media: { ready: () => true, srcFor: (a) => `cached:${a.variantId}` },
      plays: { recordPlay: () => undefined },
      newId: () => crypto.randomUUID(),
      texts: () => ({ noContent: 'Nothing to show', disabled: 'Disabled' }),
    });
    loop.start();
    const reporter = new Reporter(api, { snapshot: () => loop.snapshot(), playerVersion: '0.1.0', queue: new MemoryPlayQueue() });
    const shown = async () => {
      await reporter.report();
      await flushContact();
      const assignment = await consoleCall(k, owner, 'GET', `/api/v1/screens/${screenId}/playlist-assignment`);
      expect(assignment.status, JSON.stringify(assignment.body)).to.equal(200);
      return assignment.body.data.playbackDisabled;
    };
    try {
      loop.setDisabled(true);
      expect(await shown()).to.equal(true);
      loop.setDisabled(false);
      expect(await shown()).to.equal(false);
    } finally {
      loop.stop();
    }
  });

  /** A playback loop whose plays are queued and sent as the page does it (main.ts, player.ts). */
  function reportingLoop(api: PlayerApi) {
    const queue = new MemoryPlayQueue();
    const reporter = new Reporter(api, { snapshot: () => loop.snapshot(), playerVersion: '0.1.0', queue });
    const stage = new RecordingStage();
    const loop: PlaybackLoop = new PlaybackLoop({
      stage,
      media: { ready: () => true, srcFor: (a) => `cached:${a.variantId}` },
      plays: { recordPlay: (e) => void queue.push([activityEvent(e)]).then(() => reporter.flush()) },
      newId: () => crypto.randomUUID(),
      texts: () => ({ noContent: 'Nothing to show', disabled: 'Disabled' }),
    });
    return { loop, stage, reporter };
  }

  it('names the kind of content each play was (image, video) in proof of play, as the stock players do', async () => {
    const { api, screenId } = await enrolledApi('Proof of play kinds');
    const { loop, stage } = reportingLoop(api);
    const image = asset();
    const video = asset({ mimeType: 'video/mp4' });
    const list = playlist('kinds', [item(image), item(video)]);
    loop.start();
    try {
      loop.setManifest(manifest({ playlist: list, playlists: [list], assets: [image, video] }));
      await settle();
      stage.end();
      await settle();
      stage.end();
      await settle();
      const sessions = await eventually(
        () => k.db('playback_sessions').where({ screen_id: screenId }).whereNot({ session_type: 'presentation' }).whereNotNull('ended_at'),
        (rows) => rows.length === 2,
      );
      expect(sessions.map((s) => [s.playlist_item_id, s.content_type])).to.have.deep.members([
        [list.items[0]!.id, 'image'],
        [list.items[1]!.id, 'video'],
      ]);
    } finally {
      loop.stop();
    }
  });

  it('tells proof of play why each play ended: a skip, a schedule’s end, a takeover, and the content around them', async () => {
    const { api, screenId } = await enrolledApi('Proof of play endings');
    const { loop, stage } = reportingLoop(api);
    const [a, b, c] = [asset(), asset(), asset()];
    const own = playlist('own', [item(a), item(b)]);
    const promo = playlist('promo', [item(c)]);
    const urgent = playlist('urgent', [item(a)]);
    // The promotion's window ends two seconds from now: the loop switches back on time by itself.
    const window = oneTime({ playlistId: promo.id }, new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 2_000).toISOString());
    const m = manifest({ screenId, playlist: own, playlists: [own, promo, urgent], schedules: [window], assets: [a, b, c] });
    const sessions = async (n: number) =>
      (
        await eventually(
          async () => (await consoleCall(k, owner, 'GET', `/api/v1/activity/proof-of-play?screen=${screenId}&limit=250`)).body.data.items,
          (items: Record<string, unknown>[]) => items.length >= n,
        )
      ).map((s: Record<string, unknown>) => [s.sessionType, s.playlistItemId ?? s.presentationId, s.result, s.terminalReason ?? 'open', s.interrupted]);
    loop.start();
    try {
      loop.setManifest(m);
      await settle();
      loop.skip();
      await eventually(
        () => stage.shown.at(-1)?.itemId,
        (id) => id === own.items[0]!.id,
        10_000,
      );
      await settle();
      loop.setManifest({
        ...m,
        manifestVersion: 2,
        schedules: [],
        takeover: {
          id: uuid('takeover'),
          playlistId: urgent.id,
          activatedAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
        },
      });
      await settle();
      expect(await sessions(7)).to.have.deep.members([
        ['presentation', promo.id, 'partial', 'schedule_transition', false],
        ['playlist_item', promo.items[0]!.id, 'skipped', 'manual_skip', false],
        ['playlist_item', promo.items[0]!.id, 'partial', 'schedule_transition', false],
        ['presentation', own.id, 'partial', 'takeover', false],
        ['playlist_item', own.items[0]!.id, 'partial', 'takeover', false],
        ['presentation', urgent.id, 'playing', 'open', false],
        ['playlist_item', urgent.items[0]!.id, 'playing', 'open', false],
      ]);
    } finally {
      loop.stop();
    }
  });

  it('keeps reporting when the wall clock is set back (durations are never negative)', async () => {
    const { api, screenId } = await enrolledApi('Clock corrected');
    const started = Date.parse('2026-11-29T12:00:00Z');
    let now = started;
    const reporter = new Reporter(api, {
      snapshot: () => ({ playbackState: 'idle', selectionSource: 'none' }),
      playerVersion: '0.1.0',
      queue: new MemoryPlayQueue(),
      now: () => now,
    });
    // The kiosk booted with its clock an hour fast; time sync then sets it right.
    now = started - 3_600_000;
    await reporter.report();
    await flushContact();
    expect(await lastHeartbeat(screenId), 'the heartbeat was taken').to.include({ uptimeSeconds: 0, playerVersion: '0.1.0' });
    const telemetry = await k.db('screen_telemetry').where({ screen_id: screenId }).first();
    expect(telemetry?.sample, 'the telemetry beside it was taken').to.include({ processUptimeSeconds: 0 });
  });
});
