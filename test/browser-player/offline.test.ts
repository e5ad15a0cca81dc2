import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MediaCacheStats } from '../../browser-player/src/offline/media-cache.js';
import type { Manifest, ManifestAsset } from '../../browser-player/src/wire/manifest.js';
import { coreModules } from '../../core-modules/index.js';
import { storageKeys } from '../../core-modules/media/media-types.js';
import { ensureBrowserPlayerBuilt } from '../support/browser-player-build.js';
import { launchChromium } from '../support/chromium.js';
import { consoleCall, type ConsoleSession, setUpOwner } from '../support/console-client.js';
import { libraryDeps, seedAsset, sha256 } from '../support/library-assets.js';
import { makeH264Mp4, makePng } from '../support/media-files.js';
import { bearer, type PairedScreen, pairScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import type { OfflinePage } from './offline-page.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What the test reaches in the page: the offline parts (offline-page.ts). */
type PlayerWindow = { offline: OfflinePage };

/**
 * The built player (its real service worker and app files, as `npm ci` builds them) with its entry
 * script replaced by offline-page.ts: the offline parts are driven alone, apart from playback (whose
 * journeys test/browser-player/journeys*.test.ts drive), and the replaced script keeps the entry's
 * name, so the worker keeps it as part of the app.
 */
async function buildOfflinePlayer(): Promise<string> {
  ensureBrowserPlayerBuilt();
  const dir = mkdtempSync(join(tmpdir(), 'player-offline-'));
  cpSync(join(root, 'browser-player', 'dist'), dir, { recursive: true });
  const entry = /src="\/player\/(assets\/[^"]+\.js)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error('the built page names no entry script');
  await build({
    entryPoints: [fileURLToPath(new URL('offline-page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    outfile: join(dir, entry),
    allowOverwrite: true,
    logLevel: 'warning',
  });
  return dir;
}

describe('browser player offline: kept files and the service worker, in Chromium', function () {
  // Generous: a CI machine has two cores, shared with the server, PostgreSQL, ffmpeg and Chromium.
  this.timeout(120_000);
  let dir: string;
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let manifest: Manifest;
  let image: ManifestAsset;
  let video: ManifestAsset;
  let broken: ManifestAsset;
  let clip: Buffer;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  async function showOn(assetIds: string[]): Promise<Manifest> {
    const list = await api('POST', '/api/v1/playlists', { name: `list ${assetIds.length}` });
    for (const assetId of assetIds)
      expect((await api('POST', `/api/v1/playlists/${list.body.data.id}/items`, { assetId, durationMs: 5000 })).status).to.equal(201);
    await publishPlaylist(k, owner, list.body.data.id);
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: list.body.data.id })).status).to.equal(200);
    const res = await k.request('/api/v1/player/manifest', { headers: bearer(screen.credential) });
    return ((await res.json()) as { data: Manifest }).data;
  }
  const assetOf = (m: Manifest, assetId: string) => m.assets.find((a) => a.assetId === assetId)!;

  /** A fresh MediaCache in the page, as the player makes one at start. */
  // (Functions given to page.evaluate define no named functions: tsx would name them with a helper the page lacks.)
  const newCache = () => page.evaluate((credential) => (window as unknown as PlayerWindow).offline.startCache(credential), screen.credential);
  const sync = (m: Manifest) => page.evaluate((m) => (window as unknown as PlayerWindow).offline.cache.sync(m, Date.now()), m);
  const ready = (asset: ManifestAsset) => page.evaluate((a) => (window as unknown as PlayerWindow).offline.cache.ready(a), asset);
  const stats = () => page.evaluate((): MediaCacheStats => (window as unknown as PlayerWindow).offline.cache.stats());
  /** What Cache Storage holds for media: path → the checksum kept with it. */
  const kept = () =>
    page.evaluate(async () => {
      const cache = await caches.open('player-media');
      const out: Record<string, string | null> = {};
      for (const request of await cache.keys()) out[new URL(request.url).pathname] = (await cache.match(request))!.headers.get('X-Player-Sha256');
      return out;
    });

  before(async () => {
    dir = await buildOfflinePlayer();
    k = await bootTestKernel({ plugins: coreModules, env: { BROWSER_PLAYER_DIR: dir } });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Browser lobby' });
    const poster = await seedAsset(k, { name: 'Poster', bytes: await makePng(64, 48) });
    clip = await makeH264Mp4(3);
    const movie = await seedAsset(k, { type: 'video', name: 'Clip', bytes: clip, thumbnail: false });
    // Stored bytes that no longer match the checksum the library recorded (a damaged disk, a meddling proxy).
    const damaged = await seedAsset(k, { name: 'Damaged', bytes: await makePng(40, 30) });
    const wrong = Buffer.from(damaged.original);
    wrong[wrong.length - 20]! ^= 0xff;
    await libraryDeps(k).storage.put(storageKeys.variant(damaged.id, 'original', '.png'), Readable.from([wrong]));
    manifest = await showOn([poster.id, movie.id, damaged.id]);
    [image, video, broken] = [assetOf(manifest, poster.id), assetOf(manifest, movie.id), assetOf(manifest, damaged.id)];

    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    // 127.0.0.1 is a secure context, as https is: service worker, Cache Storage and crypto.subtle.
    await page.goto(`${k.url}/player/`);
    await page.evaluate((stored) => (window as unknown as PlayerWindow).offline.saveCredential(stored), {
      credential: screen.credential,
      screenId: screen.screenId,
      screenName: screen.screenName,
      installationId: 'test',
    });
    expect(await page.evaluate(() => (window as unknown as PlayerWindow).offline.registerServiceWorker())).to.equal(true);
    await newCache();
  });
  after(async () => {
    await browser?.close();
    await k?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every file the manifest names, each verified before it is ready; a file whose bytes do not match is never ready nor kept', async () => {
    expect(await ready(image)).to.equal(false);
    await sync(manifest);
    expect(await ready(image)).to.equal(true);
    expect(await ready(video)).to.equal(true);
    expect(await ready(broken)).to.equal(false);
    expect(await kept()).to.deep.equal({ [image.downloadPath]: image.sha256, [video.downloadPath]: video.sha256 });
    const now = await stats();
    expect(now).to.include({ downloadQueueCount: 1, requiredBytes: image.fileSize + video.fileSize + broken.fileSize });
    expect(now).to.include({ downloadedBytes: image.fileSize + video.fileSize, cacheUsedBytes: image.fileSize + video.fileSize });
    expect(now.errors).to.be.greaterThan(0);
    expect(now.lastSynchronizationError).to.contain(broken.downloadPath).and.to.contain('checksum');
    // A file being fetched waits apart, where the worker never answers from.
    expect(await page.evaluate(async () => (await (await caches.open('player-media-staging')).keys()).length)).to.equal(0);
  });

  it('with the network down, a reload starts from the kept app, shows the kept image and plays the kept video by ranges', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      expect(
        await page.evaluate(() =>
          fetch('/api/v1/system/identity').then(
            () => 'online',
            () => 'offline',
          ),
        ),
      ).to.equal('offline');
      await newCache();
      // Known from Cache Storage at start, before any manifest is synced.
      await page.waitForFunction((assets) => assets.every((a) => (window as unknown as PlayerWindow).offline.cache.ready(a)), [image, video]);

      const size = await page.evaluate(async (asset) => {
        const img = document.createElement('img');
        img.src = (window as unknown as PlayerWindow).offline.cache.srcFor(asset);
        document.body.append(img);
        await img.decode();
        return [img.naturalWidth, img.naturalHeight];
      }, image);
      expect(size).to.deep.equal([64, 48]);

      await page.evaluate((asset) => {
        const el = document.createElement('video');
        el.muted = true;
        el.src = (window as unknown as PlayerWindow).offline.cache.srcFor(asset);
        document.body.append(el);
        void el.play();
      }, video);
      await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5);

      const part = await page.evaluate(
        async (url) => {
          const res = await fetch(url, { headers: { Range: 'bytes=1000-4999' } });
          const digest = await crypto.subtle.digest('SHA-256', await res.arrayBuffer());
          const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
          return { status: res.status, range: res.headers.get('Content-Range'), length: res.headers.get('Content-Length'), hex };
        },
        await page.evaluate((asset) => (window as unknown as PlayerWindow).offline.cache.srcFor(asset), video),
      );
      expect(part).to.deep.equal({ status: 206, range: `bytes 1000-4999/${clip.length}`, length: '4000', hex: sha256(clip.subarray(1000, 5000)) });

      // What is not kept is not there: the answers above came from the cache, not the server.
      const missing = await page.evaluate(
        (path) =>
          fetch(path).then(
            (r) => r.status,
            () => 'failed',
          ),
        broken.downloadPath,
      );
      expect(missing).to.equal('failed');
    } finally {
      await context.setOffline(false);
    }
  });

  it('removes the files a new manifest no longer names', async () => {
    await page.reload();
    await newCache();
    await page.waitForFunction((a) => (window as unknown as PlayerWindow).offline.cache.ready(a), video);
    const next = await showOn([image.assetId]);
    await sync(next);
    expect(await kept()).to.deep.equal({ [image.downloadPath]: image.sha256 });
    expect(await ready(video)).to.equal(false);
    expect(await ready(assetOf(next, image.assetId))).to.equal(true);
    expect(await stats()).to.include({ downloadQueueCount: 0, cacheUsedBytes: image.fileSize, errors: 0 });
  });
});
