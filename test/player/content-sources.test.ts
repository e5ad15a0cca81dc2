import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { PluginInstallations } from '../../kernel/plugin-installations.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset } from '../support/library-assets.js';
import { bearer, openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { eventually } from '../support/wait.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { takeOver, takeoverSourcePlugin, TAKEOVER_PLAYLIST_ID } from '../fixtures/takeover-source.plugin.js';
import { publishPlaylist } from '../support/publish-playlist.js';

// A later family (takeovers, schedules, …) adds what screens play as a ranked content source, without
// touching the player module: the fixture plays one, above the screen's assigned playlist.
describe('content sources', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  let other: PairedScreen;
  let assigned: { playlistId: string; assetId: string };
  let takeoverAsset: string;

  const manifest = async (s: PairedScreen) => (await playerCall(k, s.credential, 'GET', '/api/v1/player/manifest')).body.data;

  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, takeoverSourcePlugin], install: [] });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Lobby' });
    other = await pairScreen(k, owner, { name: 'Bar' });
    const asset = await seedAsset(k, { name: 'Menu' });
    takeoverAsset = (await seedAsset(k, { name: 'Fire drill' })).id;
    const playlist = await consoleCall(k, owner, 'POST', '/api/v1/playlists', { name: `Daily ${randomUUID().slice(0, 4)}` });
    await consoleCall(k, owner, 'POST', `/api/v1/playlists/${playlist.body.data.id}/items`, { assetId: asset.id, durationMs: 5000 });
    await publishPlaylist(k, owner, playlist.body.data.id);
    for (const s of [screen, other])
      await consoleCall(k, owner, 'PUT', `/api/v1/screens/${s.screenId}/playlist-assignment`, { playlistId: playlist.body.data.id });
    assigned = { playlistId: playlist.body.data.id, assetId: asset.id };
  });
  after(() => k?.stop());

  it('is not asked while its plugin is not installed', async () => {
    await takeOver([screen.screenId], takeoverAsset);
    expect(await manifest(screen)).to.not.have.property('takeover');
    await takeOver([screen.screenId], undefined);
  });

  it('puts its content above the assigned playlist on the screens it claims, lists its files, and tells the player', async () => {
    await k.containerOf('kernel').resolve<PluginInstallations>('pluginInstallations').install('takeover-source');
    const before = await manifest(screen);
    const socket = await openPlayerSocket(k, screen.credential);
    await socket.next('server.hello');
    await takeOver([screen.screenId], takeoverAsset);
    const pushed = await socket.next('manifest.changed');
    socket.ws.close();

    const now = await manifest(screen);
    expect(now.manifestVersion).to.equal(before.manifestVersion + 1);
    expect(pushed.manifestVersion).to.equal(now.manifestVersion);
    // As the reference sends it: in its own section, which players rank above everything, with the
    // fallback kept for when it ends (takeover-precedence.test.ts holds this against the players' rule).
    expect(now.takeover.playlistId, 'the higher-ranked source decides what plays').to.equal(TAKEOVER_PLAYLIST_ID);
    expect(now.playlist.id).to.equal(assigned.playlistId);
    expect(now.playlists.map((p: { id: string }) => p.id)).to.deep.equal([assigned.playlistId, TAKEOVER_PLAYLIST_ID]);
    expect(now.assets.map((a: { assetId: string }) => a.assetId).sort()).to.deep.equal([assigned.assetId, takeoverAsset].sort());
    const file = now.assets.find((a: { assetId: string }) => a.assetId === takeoverAsset);
    expect((await k.request(file.downloadPath, { headers: bearer(screen.credential) })).status, 'the screen may download what its source lists').to.equal(200);
    expect((await k.request(file.downloadPath, { headers: bearer(other.credential) })).status, 'a screen the source does not claim may not').to.equal(404);
    expect((await manifest(other)).playlist.id).to.equal(assigned.playlistId);
  });

  it('gives the screen back to its playlist when the source lets go', async () => {
    const before = await manifest(screen);
    await takeOver([screen.screenId], undefined);
    const now = await eventually(
      () => manifest(screen),
      (m) => !m.takeover,
    );
    expect(now.playlist.id).to.equal(assigned.playlistId);
    expect(now.playlists.map((p: { id: string }) => p.id)).to.deep.equal([assigned.playlistId]);
    expect(now.manifestVersion).to.equal(before.manifestVersion + 1);
    expect(now.assets.map((a: { assetId: string }) => a.assetId)).to.deep.equal([assigned.assetId]);
  });
});
