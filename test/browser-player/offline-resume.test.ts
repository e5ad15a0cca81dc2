import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import type { MediaCacheStats } from '../../browser-player/src/offline/media-cache.js';
import type { Manifest, ManifestAsset } from '../../browser-player/src/wire/manifest.js';
import { coreModules } from '../../core-modules/index.js';
import { launchChromium } from '../support/chromium.js';
import { consoleCall, type ConsoleSession, setUpOwner } from '../support/console-client.js';
import { freePort } from '../support/free-port.js';
import { seedAsset, sha256 } from '../support/library-assets.js';
import { makePng } from '../support/media-files.js';
import { bearer, type PairedScreen, pairScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { type S3Server, startS3Server } from '../support/s3-server.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { buildOfflinePlayer, type PlayerWindow } from './offline-build.js';
import { type RecordingProxy, startRecordingProxy } from './offline-proxy.js';

const MIB = 1024 * 1024;
/** resume.ts's PIECE_BYTES: a cut after 10 MiB keeps one whole piece. */
const PIECE = 8 * MIB;
/** How long the page's cache waits on a silent download here (30 s on a screen): long enough for a piece to be stored on a busy machine. */
const STALL_MS = 5_000;

/** A screen showing these assets (in a published playlist) and its manifest. */
async function manifestShowing(k: TestKernel, owner: ConsoleSession, screen: PairedScreen, assetIds: string[]): Promise<Manifest> {
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const list = await api('POST', '/api/v1/playlists', { name: 'Downloads' });
  for (const assetId of assetIds)
    expect((await api('POST', `/api/v1/playlists/${list.body.data.id}/items`, { assetId, durationMs: 5000 })).status).to.equal(201);
  await publishPlaylist(k, owner, list.body.data.id);
  expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: list.body.data.id })).status).to.equal(200);
  return ((await (await k.request('/api/v1/player/manifest', { headers: bearer(screen.credential) })).json()) as { data: Manifest }).data;
}

/** The page's offline parts, driven from the test. */
function driver(page: Page, screen: PairedScreen) {
  return {
    async start() {
      await page.evaluate((stored) => (window as unknown as PlayerWindow).offline.saveCredential(stored), {
        credential: screen.credential,
        screenId: screen.screenId,
        screenName: screen.screenName,
        installationId: 'test',
      });
      expect(await page.evaluate(() => (window as unknown as PlayerWindow).offline.registerServiceWorker())).to.equal(true);
      await page.evaluate(({ credential, stallMs }) => (window as unknown as PlayerWindow).offline.startCache(credential, stallMs), {
        credential: screen.credential,
        stallMs: STALL_MS,
      });
    },
    sync: (m: Manifest) => page.evaluate((m) => (window as unknown as PlayerWindow).offline.cache.sync(m, Date.now()), m),
    ready: (a: ManifestAsset) => page.evaluate((a) => (window as unknown as PlayerWindow).offline.cache.ready(a), a),
    stats: () => page.evaluate((): MediaCacheStats => (window as unknown as PlayerWindow).offline.cache.stats()),
    clear: () => page.evaluate(() => (window as unknown as PlayerWindow).offline.cache.clear()),
    /** SHA-256 of the file kept for `path`, read back from Cache Storage. */
    keptDigest: (path: string) =>
      page.evaluate(async (path) => {
        const kept = await (await caches.open('player-media')).match(path);
        if (!kept) return undefined;
        const digest = await crypto.subtle.digest('SHA-256', await kept.arrayBuffer());
        return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
      }, path),
    /** How many pieces of unfinished downloads are kept. */
    pieces: () => page.evaluate(async () => (await (await caches.open('player-media-staging')).keys()).length),
    /**
     * Syncs while `proxy` holds a download after 10 MiB, as a link that hangs: the page gives it up
     * after STALL_MS without data (real time: while a piece is being stored the browser answers no other
     * question about that cache, so the test cannot tell when to cut sooner). Then it is cut.
     */
    async syncCut(m: Manifest, proxy: RecordingProxy, prefix: string) {
      proxy.holdNext(prefix, 10 * MIB);
      await page.evaluate((m) => (window as unknown as PlayerWindow).offline.cache.sync(m, Date.now()), m);
      proxy.cutHeld();
    },
  };
}

describe('browser player offline: an interrupted download resumes, in Chromium', function () {
  this.timeout(120_000);
  let dir: string;
  let k: TestKernel;
  let proxy: RecordingProxy;
  let browser: Browser;
  let page: Page;
  let screen: PairedScreen;
  let manifest: Manifest;
  let long: ManifestAsset;
  let longBytes: Buffer;

  before(async () => {
    dir = await buildOfflinePlayer();
    k = await bootTestKernel({ plugins: coreModules, env: { BROWSER_PLAYER_DIR: dir } });
    const owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Browser on a flaky link' });
    longBytes = randomBytes(17 * MIB);
    const recording = await seedAsset(k, { type: 'video', name: 'Long recording', bytes: longBytes, thumbnail: false });
    manifest = await manifestShowing(k, owner, screen, [recording.id]);
    long = manifest.assets[0]!;
    // The page and its downloads reach the server through the proxy, which can cut them.
    proxy = await startRecordingProxy(k.url);
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${proxy.url}/player/`);
    await driver(page, screen).start();
  });
  after(async () => {
    await browser?.close();
    await proxy?.stop();
    await k?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const downloads = () => proxy.seen.filter((r) => r.method === 'GET' && r.path === long.downloadPath);

  it('keeps the whole pieces of a cut download across a reload and asks only for the rest, and the whole file is verified', async () => {
    const d = driver(page, screen);
    await d.syncCut(manifest, proxy, long.downloadPath);
    expect(await d.ready(long)).to.equal(false);
    expect((await d.stats()).lastSynchronizationError).to.contain(long.downloadPath);
    expect(await d.pieces()).to.equal(1);

    // A reload (or an app update) in between loses nothing kept.
    await page.reload();
    await d.start();
    const before = downloads().length;
    await d.sync(manifest);
    expect(await d.ready(long)).to.equal(true);
    const resumed = downloads().slice(before);
    expect(resumed.map((r) => r.headers.range)).to.deep.equal([`bytes=${PIECE}-`]);
    expect(await d.keptDigest(long.downloadPath)).to.equal(sha256(longBytes));
    expect(await d.pieces()).to.equal(0);
  });

  it('starts over when the answer to a resumed request is the whole file (a proxy that ignores ranges)', async () => {
    const d = driver(page, screen);
    await d.clear();
    await d.syncCut(manifest, proxy, long.downloadPath);
    expect(await d.pieces()).to.equal(1);
    proxy.ignoreRangeNext(long.downloadPath);
    await d.sync(manifest);
    expect(await d.ready(long), JSON.stringify(await d.stats())).to.equal(true);
    expect(await d.keptDigest(long.downloadPath)).to.equal(sha256(longBytes));
    expect(downloads().at(-1)?.headers.range).to.equal(`bytes=${PIECE}-`);
  });
});

describe('browser player offline: media downloads redirected to a bucket (MEDIA_DOWNLOADS=redirect), in Chromium', function () {
  this.timeout(120_000);
  let dir: string;
  let s3: S3Server;
  let bucket: RecordingProxy;
  let k: TestKernel;
  let browser: Browser;
  let page: Page;
  let screen: PairedScreen;
  let manifest: Manifest;
  let long: ManifestAsset;
  let image: ManifestAsset;
  let longBytes: Buffer;
  let imageBytes: Buffer;
  let longKey: string;
  let imageKey: string;

  before(async function () {
    this.timeout(180_000);
    dir = await buildOfflinePlayer();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // The rule docs/browser-player.md asks of the bucket.
    const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>Range</AllowedHeader><ExposeHeader>Content-Range</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`;
    s3 = await startS3Server({ buckets: ['media'], cors });
    // The bucket as the browser reaches it, through a proxy that records and can cut.
    bucket = await startRecordingProxy(s3.endpoint);
    k = await bootTestKernel({
      plugins: coreModules,
      env: { ...s3.envFor('media'), S3_ENDPOINT: bucket.url, MEDIA_DOWNLOADS: 'redirect', BROWSER_PLAYER_DIR: dir, PORT: String(port) },
    });
    const owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Browser with media in a bucket' });
    longBytes = randomBytes(17 * MIB);
    imageBytes = await makePng(64, 48);
    const recording = await seedAsset(k, { type: 'video', name: 'Long recording', bytes: longBytes, thumbnail: false });
    const poster = await seedAsset(k, { name: 'Poster', bytes: imageBytes });
    manifest = await manifestShowing(k, owner, screen, [recording.id, poster.id]);
    long = manifest.assets.find((a) => a.assetId === recording.id)!;
    image = manifest.assets.find((a) => a.assetId === poster.id)!;
    const keyOf = async (assetId: string) => (await k.db('asset_variants').where({ asset_id: assetId, kind: 'original' }).first()).storage_key as string;
    [longKey, imageKey] = [`/media/${await keyOf(recording.id)}`, `/media/${await keyOf(poster.id)}`];
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(60_000);
    await page.goto(`${k.url}/player/`);
    await driver(page, screen).start();
  });
  after(async () => {
    await browser?.close();
    await k?.stop();
    await bucket?.stop();
    await s3?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const fetchesOf = (key: string) => bucket.seen.filter((r) => r.method === 'GET' && r.path.startsWith(`${key}?`));

  it('downloads from the presigned address without the device credential, resumes there after a cut, and verifies the whole file', async () => {
    const d = driver(page, screen);
    await d.syncCut(manifest, bucket, longKey);
    expect(await d.ready(image)).to.equal(true);
    expect(await d.ready(long)).to.equal(false);
    await d.sync(manifest);
    expect(await d.ready(long), JSON.stringify(await d.stats())).to.equal(true);
    expect(await d.keptDigest(long.downloadPath)).to.equal(sha256(longBytes));
    expect(await d.keptDigest(image.downloadPath)).to.equal(sha256(imageBytes));

    const asked = [...fetchesOf(longKey), ...fetchesOf(imageKey)];
    expect(asked.map((r) => r.headers.origin)).to.deep.equal(asked.map(() => k.url));
    // The credential stays with the server: the bucket is asked by the presigned URL alone.
    expect(asked.filter((r) => r.headers.authorization !== undefined)).to.deep.equal([]);
    expect(fetchesOf(longKey).map((r) => r.headers.range)).to.deep.equal([undefined, `bytes=${PIECE}-`]);
  });

  it('the service worker follows the redirect for a file not kept, and answers the element from the bucket', async () => {
    const d = driver(page, screen);
    await d.clear();
    const before = fetchesOf(imageKey).length;
    const got = await page.evaluate(async (path) => {
      const res = await fetch(path);
      const digest = await crypto.subtle.digest('SHA-256', await res.arrayBuffer());
      return { status: res.status, hex: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('') };
    }, image.downloadPath);
    expect(got).to.deep.equal({ status: 200, hex: sha256(imageBytes) });
    const asked = fetchesOf(imageKey).slice(before);
    expect(asked).to.have.length(1);
    expect(asked[0]!.headers.authorization).to.equal(undefined);
  });
});
