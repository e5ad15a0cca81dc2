import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { cspDirectives } from '../support/csp.js';
import { type S3Server, startS3Server } from '../support/s3-server.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

// A build of the browser player as its Vite config writes it: hashed files under /player/assets, an unhashed sw.js.
const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/player/assets/index-abc123.js" nonce="__CSP_NONCE__"></script></head><body><main id="player"></main></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('p'.repeat(5000))});`;
const WORKER = `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`;

describe('browser player: served by the server at /player/', () => {
  let k: TestKernel;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'player-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(dir, 'sw.js'), WORKER);
    k = await bootTestKernel({ env: { BROWSER_PLAYER_DIR: dir, PUBLIC_URL: 'http://signs.example:8080' } });
  });
  after(async () => {
    await k?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the page with a policy that lets it frame websites, play cached media and run its service worker', async () => {
    const res = await call(k, 'GET', '/player/');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).to.equal('no-cache');
    expect(res.text).to.contain('<main id="player"></main>');
    const nonce = /nonce="([^"]+)"/.exec(res.text)![1]!;
    expect(res.text).not.to.contain('__CSP_NONCE__');
    const csp = cspDirectives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).to.deep.equal(["'self'"]);
    expect(csp.get('script-src-attr')).to.deep.equal(["'none'"]);
    expect(csp.get('style-src')).to.deep.equal(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get('frame-src')).to.include.members(['https:', 'http:']);
    expect(csp.get('media-src')).to.include.members(["'self'", 'blob:']);
    expect(csp.get('img-src')).to.include.members(["'self'", 'blob:']);
    expect(csp.get('worker-src')).to.deep.equal(["'self'"]);
    expect(csp.get('connect-src')).to.deep.equal(["'self'", 'ws://signs.example:8080']);
    expect(csp.get('frame-ancestors')).to.deep.equal(["'self'"]);
    const again = await call(k, 'GET', '/player/');
    expect(/nonce="([^"]+)"/.exec(again.text)![1]).not.to.equal(nonce);
  });

  it('sends /player to /player/, where the service worker can control the page, keeping the query', async () => {
    const res = await k.request('/player?screen=lobby', { redirect: 'manual' });
    expect(res.status).to.equal(308);
    expect(res.headers.get('location')).to.equal('/player/?screen=lobby');
  });

  it('serves the service worker unhashed, as a script, revalidated on every check, with its own policy', async () => {
    const res = await k.request('/player/sw.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).to.equal('no-cache');
    expect(res.headers.get('content-encoding')).to.equal('gzip');
    expect(await res.text()).to.equal(WORKER);
    const csp = cspDirectives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).to.deep.equal(["'none'"]);
    expect(csp.get('connect-src')).to.deep.equal(["'self'"]);
    const again = await k.request('/player/sw.js', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).to.equal(304);
  });

  it('serves its hashed files cached for a year, and nothing else under /player/', async () => {
    const res = await k.request('/player/assets/index-abc123.js');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(await res.text()).to.equal(SCRIPT);
    const missing = await call(k, 'GET', '/player/assets/index-old999.js');
    expect([missing.status, missing.body.error.code]).to.deep.equal([404, 'not_found']);
    // Not the console's page: the console's history routing stops at the player's folder.
    expect((await call(k, 'GET', '/player/settings')).status).to.equal(404);
  });

  it('says how to build the player when it has not been built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'player-none-'));
    const bare = await bootTestKernel({ env: { BROWSER_PLAYER_DIR: empty } });
    try {
      for (const path of ['/player/', '/player/sw.js', '/player/assets/index-abc123.js']) {
        const res = await call(bare, 'GET', path);
        expect([res.status, res.body.error.code], path).to.deep.equal([503, 'browser_player_not_built']);
        expect(res.body.error.message).to.contain('npm run build -w browser-player');
      }
    } finally {
      await bare.stop();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('browser player: its policy with media in a bucket', function () {
  this.timeout(60_000);
  let s3: S3Server;
  let dir: string;
  const kernels: TestKernel[] = [];
  /** The page's and the worker's policies of a server whose media are in the bucket, downloads served or redirected. */
  async function policiesWith(downloads: 'serve' | 'redirect') {
    const k = await bootTestKernel({
      env: { ...s3.envFor('media'), MEDIA_DOWNLOADS: downloads, BROWSER_PLAYER_DIR: dir, PUBLIC_URL: 'http://signs.example:8080' },
    });
    kernels.push(k);
    const page = cspDirectives((await call(k, 'GET', '/player/')).headers.get('content-security-policy'));
    const worker = cspDirectives((await k.request('/player/sw.js')).headers.get('content-security-policy'));
    return { page, worker };
  }

  before(async function () {
    this.timeout(120_000);
    s3 = await startS3Server({ buckets: ['media'] });
    dir = mkdtempSync(join(tmpdir(), 'player-dist-'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'sw.js'), WORKER);
  });
  after(async () => {
    for (const k of kernels) await k.stop();
    await s3?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lets the page and its worker fetch, play and show files from the bucket when downloads are redirected there, and not otherwise', async () => {
    const redirected = await policiesWith('redirect');
    // The origin of the URLs the server presigns (path style on this endpoint).
    const bucket = s3.endpoint;
    for (const directive of ['connect-src', 'media-src', 'img-src']) expect(redirected.page.get(directive), directive).to.include(bucket);
    expect(redirected.worker.get('connect-src')).to.deep.equal(["'self'", bucket]);
    // Nothing else loosened: scripts and frames as before.
    expect(redirected.page.get('script-src')).to.deep.equal(["'self'"]);
    expect(redirected.page.get('connect-src')).to.deep.equal(["'self'", 'ws://signs.example:8080', bucket]);

    const served = await policiesWith('serve');
    for (const directive of ['connect-src', 'media-src', 'img-src']) expect(served.page.get(directive), directive).not.to.include(bucket);
    expect(served.worker.get('connect-src')).to.deep.equal(["'self'"]);
  });
});
