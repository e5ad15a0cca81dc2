import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { selectContent } from '../../browser-player/src/playback/schedule.js';
import { playingOrder } from '../../browser-player/src/playback/sequence.js';
import { PlayerApi } from '../../browser-player/src/protocol/api.js';
import type { Manifest } from '../../browser-player/src/wire/manifest.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen, type PairedScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

/**
 * The browser player's playback rules read manifests as our server builds them: the screen's own
 * playlist, a schedule holding now, a takeover over both, each with files the player can fetch.
 */
describe('browser player: playback decided from a real server manifest', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  let player: PlayerApi;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const manifest = async () => (await player.manifest())!.manifest;
  const publishedPlaylist = async (name: string) => {
    const created = (await api('POST', '/api/v1/playlists', { name: `${name} ${randomUUID().slice(0, 4)}` })).body.data;
    const image = await seedImage(k, name);
    expect((await api('POST', `/api/v1/playlists/${created.id}/items`, { assetId: image.id, durationMs: 7000 })).status).to.equal(201);
    await publishPlaylist(k, owner, created.id);
    return { id: created.id as string, assetId: image.id as string };
  };
  const decided = (m: Manifest) => {
    const choice = selectContent(m, Date.now()).choices[0];
    const order = choice?.playlist ? playingOrder(m, choice.playlist, Date.now(), { ready: () => true }) : [];
    return {
      source: choice?.source,
      playlistId: choice?.playlist?.id,
      assets: order.map((e) => e.asset?.assetId),
      durations: order.map((e) => e.stage.durationMs),
    };
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Browser lobby' });
    player = new PlayerApi({ baseUrl: k.url, credential: screen.credential });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('plays the assigned playlist, then a schedule holding now, then a takeover over it', async () => {
    const own = await publishedPlaylist('Own');
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: own.id })).status).to.equal(200);
    const assigned = await eventually(manifest, (m) => m.playlist?.id === own.id);
    expect(decided(assigned)).to.deep.equal({ source: 'direct', playlistId: own.id, assets: [own.assetId], durations: [7000] });
    // The file it names is one the player may download.
    const file = assigned.assets.find((a) => a.assetId === own.assetId)!;
    expect((await k.request(file.downloadPath, { headers: { authorization: `Bearer ${screen.credential}` } })).status).to.equal(200);

    const lunch = await publishedPlaylist('Lunch');
    // All week, the whole day in UTC (an end equal to the start runs round the clock).
    const now = new Date();
    const clock = `${String(now.getUTCHours()).padStart(2, '0')}:00`;
    const schedule = await api('POST', '/api/v1/schedules', {
      name: 'Lunch all day',
      playlistId: lunch.id,
      type: 'weekly',
      timezone: 'UTC',
      dailyStart: clock,
      dailyEnd: clock,
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      targets: [{ type: 'screen', id: screen.screenId }],
    });
    expect(schedule.status, JSON.stringify(schedule.body)).to.equal(201);
    const scheduled = await eventually(manifest, (m) => (m.schedules ?? []).length === 1);
    expect(scheduled.schedules?.[0]).to.include({ id: schedule.body.data.id, playlistId: lunch.id, type: 'weekly', timezone: 'UTC' });
    expect(decided(scheduled)).to.deep.include({ source: 'schedule', playlistId: lunch.id, assets: [lunch.assetId] });
    // The next change is the window's end, a day after its start at most.
    const next = selectContent(scheduled, Date.now()).nextChangeAt!;
    expect(next)
      .to.be.above(Date.now())
      .and.at.most(Date.now() + 86_400_000);

    const alarm = await publishedPlaylist('Alarm');
    const takeover = await api('POST', '/api/v1/takeovers', {
      name: 'Evacuate',
      description: 'Fire on level 2',
      playlistId: alarm.id,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      screenIds: [screen.screenId],
    });
    expect(takeover.status, JSON.stringify(takeover.body)).to.equal(201);
    const taken = await eventually(manifest, (m) => m.takeover !== undefined);
    expect(decided(taken)).to.deep.include({ source: 'takeover', playlistId: alarm.id, assets: [alarm.assetId] });
    expect(selectContent(taken, Date.now()).choices.map((c) => c.source)).to.deep.equal(['takeover', 'schedule', 'direct']);
  });
});
