import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { eventually } from '../support/wait.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MediaCacheStats } from '../../browser-player/src/offline/media-cache.js';
import type { Manifest, ManifestAsset } from '../../browser-player/src/wire/manifest.js';
import { coreModules } from '../../core-modules/index.js';
import { storageKeys } from '../../core-modules/media/media-types.js';
import { launchChromium } from '../support/chromium.js';
import { freePort } from '../support/free-port.js';
import { consoleCall, type ConsoleSession, setUpOwner } from '../support/console-client.js';
import { libraryDeps, seedAsset, sha256 } from '../support/library-assets.js';
import { makeH264Mp4, makePng } from '../support/media-files.js';
import { bearer, type PairedScreen, pairScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { buildOfflinePlayer, type PlayerWindow } from './offline-build.js';

describe('browser player offline: kept files and the service worker, in Chromium', function () {
  // Generous: a CI machine has two cores, shared with the server, PostgreSQL, ffmpeg and Chromium.
  this.timeout(120_000);
  let dir: string;
  let dataDir: string;
  let port: number;
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
  let long: ManifestAsset;
  let clip: Buffer;
  let longBytes: Buffer;

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
    // The server is started again on the same address and data with a new build (the last test).
    dataDir = mkdtempSync(join(tmpdir(), 'player-offline-data-'));
    port = await freePort();
    k = await bootTestKernel({ plugins: coreModules, dataDir, env: { BROWSER_PLAYER_DIR: dir, PORT: String(port) } });
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
    // Past WHOLE_FILE_HASH_LIMIT (16 MiB): hashed as it streams to disk, moved to the kept files once verified.
    longBytes = randomBytes(17 * 1024 * 1024);
    const recording = await seedAsset(k, { type: 'video', name: 'Long recording', bytes: longBytes, thumbnail: false });
    manifest = await showOn([poster.id, movie.id, damaged.id, recording.id]);
    [image, video, broken, long] = [assetOf(manifest, poster.id), assetOf(manifest, movie.id), assetOf(manifest, damaged.id), assetOf(manifest, recording.id)];

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
    for (const path of [dir, dataDir]) if (path) rmSync(path, { recursive: true, force: true });
  });

  it('keeps every file the manifest names, each verified before it is ready; a file whose bytes do not match is never ready nor kept', async () => {
    expect(await ready(image)).to.equal(false);
    await sync(manifest);
    expect(await ready(image)).to.equal(true);
    expect(await ready(video)).to.equal(true);
    expect(await ready(long)).to.equal(true);
    expect(await ready(broken)).to.equal(false);
    expect(await kept()).to.deep.equal({ [image.downloadPath]: image.sha256, [video.downloadPath]: video.sha256, [long.downloadPath]: long.sha256 });
    const now = await stats();
    const held = image.fileSize + video.fileSize + long.fileSize;
    expect(now).to.include({ downloadQueueCount: 1, requiredBytes: held + broken.fileSize, downloadedBytes: held, cacheUsedBytes: held });
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
      await page.waitForFunction((assets) => assets.every((a) => (window as unknown as PlayerWindow).offline.cache.ready(a)), [image, video, long]);

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
      // Random bytes: a range off by one shows as a different digest.
      const tail = await page.evaluate(
        async (url) => {
          const res = await fetch(url, { headers: { Range: 'bytes=-1048577' } });
          const digest = await crypto.subtle.digest('SHA-256', await res.arrayBuffer());
          return {
            status: res.status,
            range: res.headers.get('Content-Range'),
            hex: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''),
          };
        },
        await page.evaluate((asset) => (window as unknown as PlayerWindow).offline.cache.srcFor(asset), long),
      );
      const from = longBytes.length - 1048577;
      expect(tail).to.deep.equal({ status: 206, range: `bytes ${from}-${longBytes.length - 1}/${longBytes.length}`, hex: sha256(longBytes.subarray(from)) });

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

  it('removes the files no manifest names even while a wanted file keeps failing, after a few retries', async function () {
    // Three failed passes with their backoff (about 10 s), each fetching and hashing the damaged file.
    this.timeout(90_000);
    await sync(await showOn([image.assetId, video.assetId]));
    expect(Object.keys(await kept())).to.have.members([image.downloadPath, video.downloadPath]);
    // The next content's only file is damaged on the server: it will never be held.
    void sync(await showOn([broken.assetId]));
    await eventually(kept, (files) => Object.keys(files).length === 0, 75_000, 250);
    expect(await ready(image)).to.equal(false);
    expect((await stats()).lastSynchronizationError).to.contain(broken.downloadPath);
  });

  it('forgets every file on clear (the clear_media_cache command), and fetches them again at the next sync', async () => {
    const current = await showOn([image.assetId]);
    await page.evaluate(() => (window as unknown as PlayerWindow).offline.cache.clear());
    expect(await ready(image)).to.equal(false);
    expect(await kept()).to.deep.equal({});
    await sync(current);
    expect(await ready(image)).to.equal(true);
    expect(await kept()).to.deep.equal({ [image.downloadPath]: image.sha256 });
  });

  it('a new build of the player replaces the kept app and keeps the kept media', async () => {
    const shellOf = (names: string[]) => names.filter((name) => name.startsWith('player-shell-'));
    const [old] = shellOf(await page.evaluate(() => caches.keys()));
    expect(old).to.match(/^player-shell-[0-9a-f]{16}$/);
    // The next build: a worker that differs from this one by its build digest, as any rebuild's does.
    const next = mkdtempSync(join(tmpdir(), 'player-offline-next-'));
    try {
      cpSync(dir, next, { recursive: true });
      const worker = readFileSync(join(next, 'sw.js'), 'utf8');
      writeFileSync(join(next, 'sw.js'), worker.replaceAll(old!.slice('player-shell-'.length), 'feedfacefeedface'));
      const { databaseUrl } = k;
      await k.stop();
      k = await bootTestKernel({ plugins: coreModules, databaseUrl, dataDir, env: { BROWSER_PLAYER_DIR: next, PORT: String(port) } });

      await page.reload();
      await page.waitForFunction(
        async () => (await caches.keys()).filter((name) => name.startsWith('player-shell-')).join() === 'player-shell-feedfacefeedface',
      );
      expect(await kept()).to.deep.equal({ [image.downloadPath]: image.sha256 });
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).to.equal(`${k.url}/player/sw.js`);
    } finally {
      rmSync(next, { recursive: true, force: true });
    }
  });
});

describe('browser player offline: outside a secure context (plain http on a LAN address), in Chromium', function () {
  this.timeout(120_000);
  let dir: string;
  let k: TestKernel;
  let browser: Browser;
  let page: Page;
  let screen: PairedScreen;
  let image: ManifestAsset;
  let broken: ManifestAsset;
  let manifest: Manifest;

  before(async () => {
    dir = await buildOfflinePlayer();
    k = await bootTestKernel({ plugins: coreModules, env: { BROWSER_PLAYER_DIR: dir } });
    const owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Browser on the LAN' });
    const poster = await seedAsset(k, { name: 'Poster', bytes: await makePng(64, 48) });
    const damaged = await seedAsset(k, { name: 'Damaged', bytes: await makePng(40, 30) });
    await libraryDeps(k).storage.put(storageKeys.variant(damaged.id, 'original', '.png'), Readable.from([Buffer.from(damaged.original).reverse()]));
    const list = await consoleCall(k, owner, 'POST', '/api/v1/playlists', { name: 'LAN list' });
    for (const assetId of [poster.id, damaged.id])
      await consoleCall(k, owner, 'POST', `/api/v1/playlists/${list.body.data.id}/items`, { assetId, durationMs: 5000 });
    await publishPlaylist(k, owner, list.body.data.id);
    await consoleCall(k, owner, 'PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: list.body.data.id });
    manifest = ((await (await k.request('/api/v1/player/manifest', { headers: bearer(screen.credential) })).json()) as { data: Manifest }).data;
    image = manifest.assets.find((a) => a.assetId === poster.id)!;
    broken = manifest.assets.find((a) => a.assetId === damaged.id)!;
    // A name other than localhost over plain http is not a secure context: no worker, no Cache Storage.
    browser = await launchChromium(['--host-resolver-rules=MAP signs.lan 127.0.0.1']);
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`http://signs.lan:${new URL(k.url).port}/player/`);
  });
  after(async () => {
    await browser?.close();
    await k?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('plays verified files from the network as object URLs, says so once, and never shows a damaged file', async () => {
    expect(await page.evaluate(() => globalThis.isSecureContext)).to.equal(false);
    expect(await page.evaluate(() => (window as unknown as PlayerWindow).offline.registerServiceWorker())).to.equal(false);
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await page.evaluate((credential) => (window as unknown as PlayerWindow).offline.startCache(credential), screen.credential);
    expect(await page.evaluate(() => (window as unknown as PlayerWindow).offline.cache.notice)).to.contain('secure context');
    await page.evaluate((m) => (window as unknown as PlayerWindow).offline.cache.sync(m, Date.now()), manifest);

    expect(await page.evaluate((a) => (window as unknown as PlayerWindow).offline.cache.ready(a), broken)).to.equal(false);
    expect(await page.evaluate((a) => (window as unknown as PlayerWindow).offline.cache.ready(a), image)).to.equal(true);
    const src = await page.evaluate((a) => (window as unknown as PlayerWindow).offline.cache.srcFor(a), image);
    expect(src).to.match(/^blob:/);
    const size = await page.evaluate(async (url) => {
      const img = document.createElement('img');
      img.src = url;
      document.body.append(img);
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, src);
    expect(size).to.deep.equal([64, 48]);
    expect(warnings.filter((w) => w.includes('secure context'))).to.have.length(1);

    // Dropped from the manifest: its object URL is revoked, the bytes let go.
    await page.evaluate((m) => (window as unknown as PlayerWindow).offline.cache.sync(m, Date.now()), { ...manifest, assets: [] });
    expect(
      await page.evaluate(
        (url) =>
          fetch(url).then(
            () => 'loaded',
            () => 'revoked',
          ),
        src,
      ),
    ).to.equal('revoked');
  });

  it('gives up a download that receives nothing, and fetches the file when the link works again', async () => {
    await page.clock.install();
    // The server's answers held back, as behind a link that hangs rather than fails.
    let hang = true;
    await page.route('**/api/v1/player/assets/**', (route) => (hang ? undefined : route.continue()));
    await page.evaluate((credential) => (window as unknown as PlayerWindow).offline.startCache(credential), screen.credential);
    await page.evaluate((m) => void (window as unknown as PlayerWindow).offline.cache.sync(m, Date.now()), manifest);
    const stats = () => page.evaluate((): MediaCacheStats => (window as unknown as PlayerWindow).offline.cache.stats());
    /** Waits (in real time) for the page to settle what the fake clock set off. */
    const until = async (what: string, check: (s: MediaCacheStats) => boolean) => {
      // Up to 30 s: a loaded CI machine can take seconds to run what the clock set off.
      for (let tries = 0; tries < 600 && !check(await stats()); tries++) await new Promise((r) => setTimeout(r, 50));
      expect(check(await stats()), `${what}: ${JSON.stringify(await stats())}`).to.equal(true);
    };

    await page.clock.runFor(31_000);
    await until('both downloads given up', (s) => s.errors === 2);
    expect((await stats()).lastSynchronizationError).to.contain('no data for 30 s');
    expect(await page.evaluate((a) => (window as unknown as PlayerWindow).offline.cache.ready(a), image)).to.equal(false);

    hang = false;
    // The retry waits at most the first backoff step (2 s).
    await page.clock.runFor(2_000);
    await until('the image fetched again', (s) => s.downloadQueueCount === 1);
    expect(await page.evaluate((a) => (window as unknown as PlayerWindow).offline.cache.ready(a), image)).to.equal(true);
  });
});
