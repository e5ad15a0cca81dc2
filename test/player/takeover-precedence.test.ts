import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { PluginInstallations } from '../../kernel/plugin-installations.js';
import { takeOver, takeoverSourcePlugin, TAKEOVER_PLAYLIST_ID } from '../fixtures/takeover-source.plugin.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { referenceSelection } from '../support/reference-selection.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

const HOUR = 3_600_000;
const hh = (h: number) => `${String(((h % 24) + 24) % 24).padStart(2, '0')}:00`;

/**
 * Precedence reaches the player: what a stock player plays from its manifest (the reference
 * players' selection rule, restated in support/reference-selection.ts) is what the server's preview
 * says wins, with a takeover over an active schedule, after the takeover ends, and outside the
 * schedules' windows.
 */
describe('a takeover over a schedule, as the players read the manifest', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  let own: string;
  let weekly: { id: string; playlistId: string };
  let once: { id: string; playlistId: string };

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const manifest = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const preview = async (at: number) =>
    (await api('POST', '/api/v1/schedules/preview', { screenId: screen.screenId, timestamp: new Date(at).toISOString() })).body.data;
  const playlist = async (name: string) => {
    const created = (await api('POST', '/api/v1/playlists', { name: `${name} ${randomUUID().slice(0, 4)}` })).body.data;
    const image = await seedImage(k, name);
    expect((await api('POST', `/api/v1/playlists/${created.id}/items`, { assetId: image.id, durationMs: 5000 })).status).to.equal(201);
    return created.id as string;
  };
  const schedule = async (body: Record<string, unknown>) => {
    const res = await api('POST', '/api/v1/schedules', { name: `s ${randomUUID().slice(0, 4)}`, targets: [{ type: 'screen', id: screen.screenId }], ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return { id: res.body.data.id as string, playlistId: body.playlistId as string };
  };

  /** The player's choice from the manifest and the preview's winner, at `at`. */
  const bothAt = async (m: any, at: number) => {
    const [server, player] = [await preview(at), referenceSelection(m, at)];
    expect(player.playlistId, `at ${new Date(at).toISOString()}: the player plays ${player.source}`).to.equal(server.winningPlaylistId ?? null);
    expect(player.scheduleId).to.equal(server.winningSchedule?.id ?? null);
    return player;
  };

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, takeoverSourcePlugin], install: [] });
    await k.containerOf('kernel').resolve<PluginInstallations>('pluginInstallations').install('takeover-source');
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Atrium' });
    own = await playlist('Own');
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: own })).status).to.equal(200);
    // A weekly window around now in Berlin (wall-clock hours: it may run past midnight), above a
    // one-time window inside it.
    const berlinHour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
    weekly = await schedule({
      playlistId: await playlist('Weekly'),
      type: 'weekly',
      timezone: 'Europe/Berlin',
      priority: 5,
      dailyStart: hh(berlinHour - 2),
      dailyEnd: hh(berlinHour + 3),
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    });
    once = await schedule({
      playlistId: await playlist('Once'),
      type: 'one_time',
      timezone: 'UTC',
      priority: 1,
      oneTimeStart: new Date(Date.now() - HOUR).toISOString(),
      oneTimeEnd: new Date(Date.now() + HOUR).toISOString(),
    });
  });
  after(() => k?.stop());

  it('plays the schedule winner before any takeover, and the fallback outside the windows', async () => {
    const m = await manifest();
    const now = Date.now();
    expect((await bothAt(m, now)).playlistId).to.equal(weekly.playlistId);
    // The weekly window ends within three hours and the one-time one within one.
    expect(await bothAt(m, now + 4 * HOUR)).to.include({ source: 'direct', playlistId: own });
  });

  it('plays the takeover above the active schedule, keeping the schedules and fallback in the manifest for when it ends', async () => {
    const before = await manifest();
    const held = (await takeOver([screen.screenId], (await seedImage(k, 'Fire drill')).id, new Date(Date.now() + 30 * 60_000)))!;
    const m = await eventually(manifest, (x) => x.manifestVersion > before.manifestVersion);
    expect(m.takeover).to.deep.equal({ id: held.id, playlistId: TAKEOVER_PLAYLIST_ID, activatedAt: held.activatedAt, expiresAt: held.expiresAt });
    expect(m.emergency, 'duplicated under the name older players read').to.deep.equal(m.takeover);
    expect(m.schedules.map((s: { id: string }) => s.id).sort()).to.deep.equal([weekly.id, once.id].sort());
    expect(m.playlist.id, 'the fallback stays for when the takeover ends').to.equal(own);
    expect(m.playlists.map((p: { id: string }) => p.id)).to.include.members([TAKEOVER_PLAYLIST_ID, own, weekly.playlistId, once.playlistId]);
    expect(androidManifestProblems(m, screen.screenId)).to.deep.equal([]);

    const now = Date.now();
    expect(await bothAt(m, now)).to.include({ source: 'takeover', playlistId: TAKEOVER_PLAYLIST_ID, takeoverId: held.id });
    // Past its expiry the players return to the schedule by themselves, and the preview agrees.
    expect(await bothAt(m, Date.parse(held.expiresAt) + 60_000)).to.include({ source: 'schedule', playlistId: weekly.playlistId });
  });

  it('plays the schedule again once the takeover is lifted', async () => {
    const before = await manifest();
    await takeOver([screen.screenId], undefined);
    const m = await eventually(manifest, (x) => x.manifestVersion > before.manifestVersion);
    expect(m).to.not.have.property('takeover');
    expect(m).to.not.have.property('emergency');
    expect(await bothAt(m, Date.now())).to.include({ source: 'schedule', playlistId: weekly.playlistId, scheduleId: weekly.id });
  });
});
