import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, sessionsByRole, setSettings } from '../support/library-assets.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const DIAGNOSTICS_TIMEOUT_MS = 600;

/** A small site on loopback: framing headers, redirects, and a page that never answers. */
async function startSite(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    switch (req.url) {
      case '/deny':
        res.writeHead(200, { 'content-type': 'text/html', 'x-frame-options': 'DENY' }).end('<p>no frames</p>');
        break;
      case '/csp':
        res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "frame-ancestors 'none'" }).end('<p>no frames</p>');
        break;
      case '/redirect':
        res.writeHead(302, { location: '/open' }).end();
        break;
      case '/loop':
        res.writeHead(301, { location: '/loop' }).end();
        break;
      case '/to-ftp':
        res.writeHead(302, { location: 'ftp://example.org/' }).end();
        break;
      case '/missing':
        res.writeHead(404).end();
        break;
      case '/hang':
        break; // never answers
      default:
        // A large body the check must not download.
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('x'.repeat(5_000_000));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

describe('website assets', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let as: Record<string, ConsoleSession>;
  const call = (method: string, path: string, body?: unknown, s: ConsoleSession = owner) => consoleCall(k, s, method, path, body);
  const create = (body: Record<string, unknown>, s?: ConsoleSession) => call('POST', '/api/v1/assets/websites', { name: 'Site', ...body }, s);

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { WEBSITE_DIAGNOSTICS_TIMEOUT_MS: String(DIAGNOSTICS_TIMEOUT_MS) } });
    owner = await setUpOwner(k);
    as = await sessionsByRole(k, owner, ['contributor', 'viewer']);
  });
  after(() => k?.stop());

  describe('create and update', () => {
    it('creates a ready website asset with the reference defaults (authors)', async () => {
      const res = await create({ name: 'Menu board', url: 'https://Example.org/menu', description: 'Today' }, as.contributor);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body.data).to.include({ name: 'Menu board', description: 'Today', type: 'website', processingStatus: 'ready' });
      // What is not set reads empty or absent, as the reference answers it (no nulls).
      expect(res.body.data.website).to.deep.equal({
        url: 'https://example.org/menu',
        displayUrl: '',
        allowedHosts: [],
        javascriptEnabled: true,
        domStorageEnabled: true,
        cookiePolicy: 'first_party',
        reloadPolicy: 'load_once',
        loadTimeoutSeconds: 20,
        zoomPercent: 100,
        scrollX: 0,
        scrollY: 0,
        customUserAgent: '',
        backgroundColor: '',
        failureBehavior: 'placeholder',
      });
      // Sent back as read, it changes nothing: empty still means none.
      const { url, ...settings } = res.body.data.website;
      const again = await call('PATCH', `/api/v1/assets/${res.body.data.id}/website`, { url, ...settings }, as.contributor);
      expect(again.status, JSON.stringify(again.body)).to.equal(200);
      expect(again.body.data.website).to.deep.equal(res.body.data.website);
      expect(await k.db('website_assets').where({ asset_id: res.body.data.id }).first()).to.include({
        display_url: null,
        custom_user_agent: null,
        background_color: null,
      });
      const listed = await call('GET', '/api/v1/assets?type=website', undefined, as.viewer);
      expect(listed.body.data.items.map((a: { id: string }) => a.id)).to.include(res.body.data.id);
      expect(listed.body.data.items[0].website.url).to.be.a('string');
      expect((await create({ url: 'https://example.org/' }, as.viewer)).status).to.equal(403);
    });

    it('accepts every field within its bounds', async () => {
      const image = await seedAsset(k, { name: 'Fallback' });
      const res = await create({
        url: 'http://intranet.example:8080/dash',
        displayUrl: 'https://intranet.example/dash',
        allowedHosts: ['Intranet.example', 'cdn.example'],
        javascriptEnabled: false,
        domStorageEnabled: false,
        cookiePolicy: 'first_and_third_party',
        reloadPolicy: 'interval',
        refreshIntervalSeconds: 30,
        loadTimeoutSeconds: 120,
        zoomPercent: 50,
        scrollX: 100_000,
        scrollY: 0,
        customUserAgent: 'Kiosk/1.0',
        backgroundColor: '#FFFFFF',
        failureBehavior: 'fallback_image',
        fallbackImageAssetId: image.id,
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body.data.website).to.include({
        refreshIntervalSeconds: 30,
        backgroundColor: '#ffffff',
        fallbackImageAssetId: image.id,
        failureBehavior: 'fallback_image',
      });
      expect(res.body.data.website.allowedHosts).to.deep.equal(['intranet.example', 'cdn.example']);
    });

    it('refuses bad addresses, out-of-bound numbers and contradicting settings (422)', async () => {
      const video = await seedAsset(k, { type: 'video' });
      const pending = await seedAsset(k, { status: 'processing' });
      const cases: [Record<string, unknown>, string][] = [
        [{ url: 'ftp://example.org/file' }, 'body/url'],
        [{ url: 'https://user:pass@example.org/' }, 'body/url'],
        [{ url: 'https://token@example.org/' }, 'body/url'],
        [{ url: 'javascript:alert(1)' }, 'body/url'],
        [{ url: 'not a url' }, 'body/url'],
        [{ url: `https://example.org/${'a'.repeat(2040)}` }, 'body/url'],
        [{ url: 'https://example.org/', displayUrl: 'file:///etc/passwd' }, 'body/displayUrl'],
        [{ url: 'https://example.org/', reloadPolicy: 'interval' }, 'body/refreshIntervalSeconds'],
        [{ url: 'https://example.org/', reloadPolicy: 'interval', refreshIntervalSeconds: 29 }, 'body/refreshIntervalSeconds'],
        [{ url: 'https://example.org/', reloadPolicy: 'interval', refreshIntervalSeconds: 86_401 }, 'body/refreshIntervalSeconds'],
        [{ url: 'https://example.org/', zoomPercent: 201 }, 'body/zoomPercent'],
        [{ url: 'https://example.org/', loadTimeoutSeconds: 0 }, 'body/loadTimeoutSeconds'],
        [{ url: 'https://example.org/', scrollY: -1 }, 'body/scrollY'],
        [{ url: 'https://example.org/', customUserAgent: 'u'.repeat(513) }, 'body/customUserAgent'],
        [{ url: 'https://example.org/', allowedHosts: Array.from({ length: 26 }, (_, i) => `h${i}.example`) }, 'body/allowedHosts'],
        [{ url: 'https://example.org/', allowedHosts: ['https://x.example/'] }, 'body/allowedHosts/0'],
        [{ url: 'https://example.org/', cookiePolicy: 'all' }, 'body/cookiePolicy'],
        [{ url: 'https://example.org/', failureBehavior: 'fallback_image' }, 'body/fallbackImageAssetId'],
        [{ url: 'https://example.org/', failureBehavior: 'fallback_image', fallbackImageAssetId: video.id }, 'body/fallbackImageAssetId'],
        [{ url: 'https://example.org/', failureBehavior: 'fallback_image', fallbackImageAssetId: pending.id }, 'body/fallbackImageAssetId'],
        [{ url: 'https://example.org/', fallbackImageAssetId: '00000000-0000-4000-8000-000000000000' }, 'body/fallbackImageAssetId'],
      ];
      for (const [body, field] of cases) {
        const res = await create(body);
        expect(res.status, JSON.stringify(body).slice(0, 100)).to.equal(422);
        expect(res.body.error.code).to.equal('validation_failed');
        expect(
          res.body.error.details.fields.map((f: { field: string }) => f.field),
          JSON.stringify(body).slice(0, 100),
        ).to.include(field);
      }
      expect(await k.db('website_assets').whereRaw('length(url) > 2000')).to.have.length(0);
    });

    it('updates only what a PATCH sends, and checks the result as a whole', async () => {
      const site = (await create({ name: 'Dashboard', url: 'https://example.org/a' })).body.data;
      const interval = await call(
        'PATCH',
        `/api/v1/assets/${site.id}/website`,
        { reloadPolicy: 'interval', refreshIntervalSeconds: 300, name: 'Sales dashboard' },
        as.contributor,
      );
      expect(interval.status, JSON.stringify(interval.body)).to.equal(200);
      expect(interval.body.data.name).to.equal('Sales dashboard');
      expect(interval.body.data.website).to.include({ url: 'https://example.org/a', reloadPolicy: 'interval', refreshIntervalSeconds: 300 });
      // Leaving interval reloads drops the interval.
      const once = await call('PATCH', `/api/v1/assets/${site.id}/website`, { reloadPolicy: 'on_each_activation' });
      expect(once.body.data.website).to.include({ reloadPolicy: 'on_each_activation' }).and.not.to.have.property('refreshIntervalSeconds');
      // Back to interval without an interval: refused, nothing changed.
      const broken = await call('PATCH', `/api/v1/assets/${site.id}/website`, { reloadPolicy: 'interval', url: 'https://example.org/b' });
      expect(broken.status).to.equal(422);
      expect((await k.db('website_assets').where({ asset_id: site.id }).first()).url).to.equal('https://example.org/a');
      const badUrl = await call('PATCH', `/api/v1/assets/${site.id}/website`, { url: 'https://user:pw@example.org/' });
      expect(badUrl.status).to.equal(422);
      expect(await k.db('audit_log').where({ action: 'media.website_updated', resource_id: site.id })).to.have.length(2);
    });

    it('answers 404 when the asset is not a website', async () => {
      const image = await seedAsset(k);
      const res = await call('PATCH', `/api/v1/assets/${image.id}/website`, { zoomPercent: 120 });
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('not_found');
      expect((await call('GET', `/api/v1/assets/${image.id}/website/diagnostics`)).status).to.equal(404);
    });

    it('keeps a fallback image in use: it cannot be deleted or archived while a website shows it', async () => {
      const image = await seedAsset(k, { name: 'Keep me' });
      const site = (await create({ name: 'Weather', url: 'https://example.org/w', failureBehavior: 'fallback_image', fallbackImageAssetId: image.id })).body
        .data;
      for (const [method, path, body] of [
        ['DELETE', `/api/v1/assets/${image.id}`, undefined],
        ['POST', '/api/v1/assets/archive', { assetIds: [image.id] }],
      ] as const) {
        const res = await call(method, path, body);
        expect(res.status, method).to.equal(409);
        expect(res.body.error.code).to.equal('asset_in_use');
        expect(res.body.error.details.usedBy).to.deep.equal([{ assetId: image.id, kind: 'website', id: site.id, name: 'Weather' }]);
      }
      // Once the website falls back to something else, the image is free.
      await call('PATCH', `/api/v1/assets/${site.id}/website`, { failureBehavior: 'placeholder', fallbackImageAssetId: null });
      expect((await call('POST', '/api/v1/assets/archive', { assetIds: [image.id] })).status).to.equal(200);
      // An archived image cannot become a fallback.
      const refused = await call('PATCH', `/api/v1/assets/${site.id}/website`, { fallbackImageAssetId: image.id });
      expect(refused.status).to.equal(422);
    });
  });

  it('holds at most 500 websites (409 website_limit_reached)', async () => {
    const existing = Number((await k.db('website_assets').count({ n: '*' }))[0]!.n);
    const filler = await k.db.raw(
      `INSERT INTO assets (name, type, processing_status) SELECT 'filler ' || i, 'website', 'ready' FROM generate_series(1, ?) i RETURNING id`,
      [500 - existing],
    );
    const ids = filler.rows.map((r: { id: string }) => r.id);
    await k.db('website_assets').insert(ids.map((id: string) => ({ asset_id: id, url: 'https://example.org/' })));
    try {
      const res = await create({ url: 'https://example.org/one-too-many' });
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('website_limit_reached');
    } finally {
      await k.db('assets').whereIn('id', ids).delete();
    }
    expect((await create({ url: 'https://example.org/fits-again' })).status).to.equal(201);
  });

  describe('diagnostics', () => {
    let site: { url: string; server: Server };
    const diagnose = async (url: string, s: ConsoleSession = owner) => {
      const created = await create({ url });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      return call('GET', `/api/v1/assets/${created.body.data.id}/website/diagnostics`, undefined, s);
    };

    before(async () => {
      site = await startSite();
    });
    after(() => stop(site.server));

    it('refuses loopback, private and link-local hosts by default (422 address_not_allowed)', async () => {
      const cases: [string, string][] = [
        ['http://127.0.0.1:9/', 'loopback'],
        ['http://localhost:9/', 'loopback'],
        ['http://10.1.2.3/', 'private'],
        ['http://192.168.0.10/', 'private'],
        ['http://169.254.169.254/latest/meta-data/', 'link_local'],
        ['http://[::1]:9/', 'loopback'],
        ['http://[fd00::1]/', 'unique_local'],
        ['http://0.0.0.0:9/', 'unspecified'],
        ['http://2130706433/', 'loopback'], // 127.0.0.1 written as one number
        [`${site.url}/open`, 'loopback'],
      ];
      for (const [url, category] of cases) {
        const res = await diagnose(url);
        expect(res.status, url).to.equal(422);
        expect(res.body.error.code, url).to.equal('address_not_allowed');
        expect(res.body.error.details.category, url).to.equal(category);
        expect(res.body.error.message).to.contain('website.allow_private_addresses');
      }
    });

    it('reports a host that does not resolve', async () => {
      const res = await diagnose('https://nothing-here.invalid/');
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ status: null, ok: false, error: 'dns_failed', framingAllowed: null });
    });

    it('is for authors, not viewers', async () => {
      const created = await create({ url: `${site.url}/open` });
      const res = await call('GET', `/api/v1/assets/${created.body.data.id}/website/diagnostics`, undefined, as.viewer);
      expect(res.status).to.equal(403);
    });

    describe('with private addresses allowed by an administrator', () => {
      before(() => setSettings(k, owner, { 'website.allow_private_addresses': true }));
      after(() => setSettings(k, owner, { 'website.allow_private_addresses': false }));

      it('reports a page that forbids framing (X-Frame-Options: DENY, CSP frame-ancestors)', async () => {
        const res = await diagnose(`${site.url}/deny`, as.contributor);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(res.body.data).to.include({
          url: `${site.url}/deny`,
          status: 200,
          ok: true,
          framingAllowed: false,
          framingReason: 'x_frame_options_deny',
          tlsError: null,
          error: null,
          finalUrl: null,
          redirects: 0,
        });
        expect(res.body.data.durationMs).to.be.a('number');
        expect(Date.parse(res.body.data.checkedAt)).to.be.closeTo(Date.now(), 60_000);
        const csp = await diagnose(`${site.url}/csp`);
        expect(csp.body.data).to.include({ framingAllowed: false, framingReason: 'csp_frame_ancestors_none' });
      });

      it('reports a page that may be framed, without downloading its body', async () => {
        const started = Date.now();
        const res = await diagnose(`${site.url}/open`);
        expect(res.body.data).to.include({ status: 200, ok: true, framingAllowed: true, framingReason: 'no_restrictions' });
        expect(Date.now() - started).to.be.lessThan(5_000);
      });

      it('follows redirects (at most 3) and reports where they led', async () => {
        const res = await diagnose(`${site.url}/redirect`);
        expect(res.body.data).to.include({ status: 200, finalUrl: `${site.url}/open`, redirects: 1, framingAllowed: true });
        const loop = await diagnose(`${site.url}/loop`);
        expect(loop.body.data).to.include({ status: 301, ok: false, error: 'too_many_redirects', redirects: 3, framingAllowed: null });
        const ftp = await diagnose(`${site.url}/to-ftp`);
        expect(ftp.body.data).to.include({ status: 302, error: 'redirect_invalid' });
      });

      it('reports error statuses as not ok', async () => {
        const res = await diagnose(`${site.url}/missing`);
        expect(res.body.data).to.include({ status: 404, ok: false, error: null });
      });

      it('gives up on a page that never answers, within the configured time', async () => {
        const started = Date.now();
        const res = await diagnose(`${site.url}/hang`);
        const elapsed = Date.now() - started;
        expect(res.body.data).to.include({ status: null, ok: false, error: 'timeout', framingAllowed: null });
        expect(res.body.data.durationMs).to.be.at.least(DIAGNOSTICS_TIMEOUT_MS - 50);
        expect(elapsed).to.be.lessThan(DIAGNOSTICS_TIMEOUT_MS + 3_000);
      });

      it('reports a refused connection', async () => {
        const closed = await startSite();
        await stop(closed.server);
        const res = await diagnose(`${closed.url}/`);
        expect(res.body.data).to.include({ status: null, ok: false, error: 'connection_refused' });
      });

      it('reports TLS errors (a self-signed certificate)', async function () {
        const dir = mkdtempSync(join(tmpdir(), 'signage-tls-'));
        try {
          try {
            execFileSync(
              'openssl',
              [
                'req',
                '-x509',
                '-newkey',
                'rsa:2048',
                '-nodes',
                '-subj',
                '/CN=127.0.0.1',
                '-days',
                '1',
                '-keyout',
                join(dir, 'key.pem'),
                '-out',
                join(dir, 'cert.pem'),
              ],
              { stdio: 'ignore' },
            );
          } catch {
            this.skip(); // no openssl on this machine
          }
          const server = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => res.end('ok'));
          await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
          try {
            const res = await diagnose(`https://127.0.0.1:${(server.address() as AddressInfo).port}/`);
            expect(res.body.data).to.include({ status: null, ok: false, error: 'tls_error', tlsError: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
          } finally {
            await new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            });
          }
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      });
    });
  });
});
