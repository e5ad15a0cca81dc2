import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

describe('website items in manifests', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const manifestOf = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Reception' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('sends a website item streamed with its websites[] entry and fallback image beside an image, as the stock players take it', async () => {
    const image = await seedImage(k, 'Poster');
    const fallback = await seedImage(k, 'Site is down');
    const created = await api('POST', '/api/v1/assets/websites', {
      name: 'Menu page',
      url: 'https://menu.example.org/today',
      allowedHosts: ['menu.example.org'],
      zoomPercent: 125,
      failureBehavior: 'fallback_image',
      fallbackImageAssetId: fallback.id,
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const site = created.body.data;
    const list = (await api('POST', '/api/v1/playlists', { name: 'Image and page' })).body.data;
    for (const item of [
      { assetId: image.id, durationMs: 8_000 },
      { assetId: site.id, durationMs: 30_000 },
    ]) {
      const added = await api('POST', `/api/v1/playlists/${list.id}/items`, item);
      expect(added.status, JSON.stringify(added.body)).to.equal(201);
    }
    await publishPlaylist(k, owner, list.id);
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: list.id })).status).to.equal(200);

    const manifest = await manifestOf();
    const [imageItem, siteItem] = manifest.playlist.items;
    expect(imageItem).to.deep.include({ assetId: image.id, assetType: 'image' });
    expect(siteItem).to.deep.include({ assetId: site.id, assetType: 'website', durationMs: 30_000, deliveryPolicy: 'stream' });
    expect(siteItem).to.not.have.property('variantId');
    const fallbackFile = manifest.assets.find((a: any) => a.assetId === fallback.id);
    expect(manifest.websites).to.deep.equal([
      {
        assetId: site.id,
        name: 'Menu page',
        url: 'https://menu.example.org/today',
        allowedHosts: ['menu.example.org'],
        javascriptEnabled: site.website.javascriptEnabled,
        domStorageEnabled: site.website.domStorageEnabled,
        cookiePolicy: site.website.cookiePolicy,
        reloadPolicy: site.website.reloadPolicy,
        refreshIntervalSeconds: site.website.refreshIntervalSeconds ?? null,
        loadTimeoutSeconds: site.website.loadTimeoutSeconds,
        zoomPercent: 125,
        scrollX: 0,
        scrollY: 0,
        backgroundColor: '#0E141B',
        failureBehavior: 'fallback_image',
        fallbackImageAssetId: fallback.id,
        fallbackVariantId: fallbackFile?.variantId,
      },
    ]);
    expect(manifest.assets.map((a: any) => a.assetId).sort(), 'the image and the fallback are downloaded; the page is not').to.deep.equal(
      [image.id, fallback.id].sort(),
    );
    expect(androidManifestProblems(manifest, screen.screenId)).to.deep.equal([]);

    // A change to the page's settings reaches the screen without another edit of the playlist.
    const before = manifest.manifestVersion;
    expect((await api('PATCH', `/api/v1/assets/${site.id}/website`, { zoomPercent: 80 })).status).to.equal(200);
    const after = await eventually(manifestOf, (now) => now.websites[0].zoomPercent === 80);
    expect(after.manifestVersion).to.be.greaterThan(before);
  });
});
