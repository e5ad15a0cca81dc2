import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sendFile } from '../../kernel/http/file-response.js';
import { definePlugin, routeFor } from '../../kernel/plugin.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { cspDirectives } from '../support/csp.js';

const route = routeFor<unknown>();
const BYTES = Buffer.from('0123456789'.repeat(100));

// A file answered as players' and the console's downloads are (kernel/http/file-response.ts).
const filePlugin = definePlugin({
  name: 'file-probe',
  register(r) {
    r.routes([
      route({
        method: 'GET',
        path: '/api/v1/file-probe',
        summary: 'a file',
        auth: { kind: 'public' },
        response: { status: 200, file: true, contentType: ['video/mp4'] },
        handler: ({ ctx }) =>
          sendFile(ctx, {
            size: BYTES.length,
            mimeType: 'video/mp4',
            sha256: createHash('sha256').update(BYTES).digest('hex'),
            lastModified: new Date('2026-01-01T00:00:00Z'),
            filename: 'clip.mp4',
            open: async ({ start, end }) => Readable.from([BYTES.subarray(start, end + 1)]),
          }),
      }),
    ]);
  },
});

describe('security headers', () => {
  let k: TestKernel;
  before(async () => (k = await bootTestKernel({ plugins: [filePlugin] })));
  after(() => k?.stop());

  // The console's page has a stricter policy of its own: test/kernel/console-app.test.ts.
  it('are on pages, JSON, files and errors alike', async () => {
    const answers = {
      docs: await k.request('/api/v1/docs'),
      json: await k.request('/api/v1/openapi.json'),
      health: await k.request('/healthz'),
      notFound: await k.request('/api/v1/nothing-here'),
      notAllowed: await k.request('/healthz', { method: 'POST' }),
      file: await k.request('/api/v1/file-probe'),
    };
    expect([answers.notFound.status, answers.notAllowed.status]).to.deep.equal([404, 405]);
    for (const [name, res] of Object.entries(answers)) {
      const csp = cspDirectives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), name).to.deep.equal(["'self'"]);
      expect(csp.get('script-src'), name).to.deep.equal(["'self'"]);
      expect(csp.get('script-src-attr'), name).to.deep.equal(["'none'"]);
      expect(csp.get('object-src'), name).to.deep.equal(["'none'"]);
      expect(csp.get('frame-ancestors'), name).to.deep.equal(["'self'"]);
      expect(csp.get('img-src'), name).to.include.members(["'self'", 'data:', 'blob:']);
      expect(csp.get('media-src'), name).to.include.members(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src'), name).to.include("'self'");
      expect(csp.has('upgrade-insecure-requests'), `${name}: plain http must not upgrade`).to.equal(false);
      expect(res.headers.get('x-content-type-options'), name).to.equal('nosniff');
      expect(res.headers.get('referrer-policy'), name).to.equal('same-origin');
      expect(res.headers.get('x-frame-options'), name).to.equal('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security'), `${name}: no HSTS over http`).to.equal(null);
      expect(res.headers.get('x-request-id'), name).to.be.a('string');
      await res.arrayBuffer();
    }
  });

  it('leave what a ranged download needs', async () => {
    const res = await k.request('/api/v1/file-probe', { headers: { Range: 'bytes=10-19' } });
    expect(res.status).to.equal(206);
    expect(res.headers.get('content-range')).to.equal(`bytes 10-19/${BYTES.length}`);
    expect(res.headers.get('accept-ranges')).to.equal('bytes');
    expect(res.headers.get('content-type')).to.equal('video/mp4');
    expect(res.headers.get('etag')).to.match(/^"[0-9a-f]{64}"$/);
    expect(res.headers.get('content-disposition')).to.contain('inline');
    expect(Buffer.from(await res.arrayBuffer()).toString()).to.equal('0123456789');
  });

  it('let the API reference page load: every asset from this origin, in its type, and no inline script', async () => {
    const page = await k.request('/api/v1/docs');
    const html = await page.text();
    const scriptSrc = cspDirectives(page.headers.get('content-security-policy')).get('script-src')!;
    // An inline script runs only if the CSP lists its hash (or a nonce, which this page does not use).
    for (const [, body] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(scriptSrc, 'an inline script the CSP would block').to.include(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
    }
    expect(html, 'inline event handlers').not.to.match(/\son[a-z]+\s*=/i);
    expect(html).not.to.match(/javascript:/i);
    const expected: Record<string, string> = { script: 'text/javascript', stylesheet: 'text/css', icon: 'image/png' };
    const assets = [
      ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => ['script', m[1]!] as const),
      ...[...html.matchAll(/<link[^>]*\brel="([^"]+)"[^>]*\bhref="([^"]+)"/g)].map((m) => [m[1]!, m[2]!] as const),
    ];
    expect(assets.map(([kind]) => kind)).to.have.members(['script', 'script', 'stylesheet', 'icon']);
    for (const [kind, src] of assets) {
      expect(src, 'from this origin').to.match(/^\/[^/]/);
      const res = await k.request(src);
      expect(res.status, src).to.equal(200);
      expect(res.headers.get('content-type'), src).to.match(new RegExp(`^${expected[kind]}`));
      const text = await res.text();
      // The page's own start-up script reads the document from this origin and no other.
      if (src.endsWith('/init.js')) {
        expect([...text.matchAll(/https?:\/\/|'\/[^']*'/g)].map((m) => m[0])).to.deep.equal(["'/api/v1/openapi.json'"]);
        expect(text, 'no badge from validator.swagger.io').to.contain('validatorUrl: null');
      }
    }
  });

  it('with an https PUBLIC_URL: HSTS, upgraded subresources and its WebSocket origin', async () => {
    const secure = await bootTestKernel({ env: { PUBLIC_URL: 'https://signage.example.com' } });
    try {
      for (const path of ['/', '/api/v1/nothing-here']) {
        const res = await secure.request(path);
        expect(res.headers.get('strict-transport-security'), path).to.equal('max-age=31536000');
        const csp = cspDirectives(res.headers.get('content-security-policy'));
        expect(csp.get('upgrade-insecure-requests'), path).to.deep.equal([]);
        expect(csp.get('connect-src'), path).to.deep.equal(["'self'", 'wss://signage.example.com']);
        await res.arrayBuffer();
      }
    } finally {
      await secure.stop();
    }
  });
});
