import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { cspDirectives } from '../support/csp.js';

// A build of the console as Vite writes it: the page names hashed files and carries the nonce placeholder.
const INDEX = `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" src="/assets/index-abc123.js" nonce="__CSP_NONCE__"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;

describe('console app: served by the server', () => {
  let k: TestKernel;
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
    k = await bootTestKernel({ env: { CONSOLE_DIR: dir } });
  });
  after(async () => {
    await k?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the page at / with a fresh nonce each time, never cached, never framed, no inline script allowed', async () => {
    const [a, b] = [await call(k, 'GET', '/'), await call(k, 'GET', '/')];
    expect(a.status).to.equal(200);
    expect(a.headers.get('cache-control')).to.equal('no-cache');
    expect(a.headers.get('x-frame-options')).to.equal('DENY');
    const csp = cspDirectives(a.headers.get('content-security-policy'));
    expect(csp.get('script-src')).to.deep.equal(["'self'"]);
    expect(csp.get('frame-ancestors')).to.deep.equal(["'none'"]);
    const nonce = /nonce="([^"]+)"/.exec(a.text)![1]!;
    expect(a.text).not.to.contain('__CSP_NONCE__');
    expect(csp.get('style-src')).to.deep.equal(["'self'", `'nonce-${nonce}'`]);
    expect(nonce).to.have.length.greaterThan(20);
    expect(/nonce="([^"]+)"/.exec(b.text)![1]).not.to.equal(nonce);
  });

  it('answers the page for a bookmarked console address, but not for API paths or missing files', async () => {
    const deep = await call(k, 'GET', '/screens/0b1e4c9a-0000-4000-8000-000000000000?tab=timeline');
    expect(deep.status).to.equal(200);
    expect(deep.text).to.contain('<div id="root"></div>');
    const api = await call(k, 'GET', '/api/v1/no-such-thing');
    expect([api.status, api.body.error.code]).to.deep.equal([404, 'route_not_found']);
    expect((await call(k, 'GET', '/robots.txt')).status).to.equal(404);
    expect((await call(k, 'POST', '/screens')).status).to.equal(404);
    expect((await call(k, 'GET', '/healthz')).headers.get('content-type')).to.contain('application/json');
  });

  it('serves hashed files compressed, cached for a year, and revalidated by their hash', async () => {
    const res = await k.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).to.equal('Accept-Encoding');
    // fetch decodes what it can; the raw header still says what came over the wire.
    expect(res.headers.get('content-encoding')).to.equal('gzip');
    expect(await res.text()).to.equal(SCRIPT);
    const br = await k.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).to.equal('br');
    const plain = await k.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).to.equal(null);
    expect(await plain.text()).to.equal(SCRIPT);
    const again = await k.request('/assets/index-abc123.js', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).to.equal(304);
    expect((await call(k, 'GET', '/assets/index-old999.js')).status).to.equal(404);
  });

  it('says how to build the console when it has not been built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'console-none-'));
    const bare = await bootTestKernel({ env: { CONSOLE_DIR: empty } });
    try {
      const res = await call(bare, 'GET', '/');
      expect([res.status, res.body.error.code]).to.deep.equal([503, 'console_not_built']);
      expect(res.body.error.message).to.contain('npm run build -w console');
    } finally {
      await bare.stop();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
