import { expect } from 'chai';
import sharp from 'sharp';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bearer, openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const jpeg = (width: number, height: number, quality = 75) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .jpeg({ quality })
    .toBuffer();
/** Random pixels barely compress: a 960×540 of them at top quality is well over 500 KB. */
const noisyJpeg = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
};

describe('live previews', () => {
  let web: TestKernel; // the process the console talks to
  let edge: TestKernel; // the process the player talks to
  let owner: ConsoleSession;
  let screen: PairedScreen;

  const console_ = (method: string, path: string, body?: unknown) => consoleCall(web, owner, method, path, body);
  /** An upload as the Linux player sends it: a multipart form with its metadata and, when captured, the image. */
  function upload(fields: Record<string, string>, image?: { bytes: Buffer; type?: string }) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (image) form.append('preview', new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/jpeg' }), 'preview.jpg');
    return edge.request('/api/v1/player/preview', { method: 'POST', headers: bearer(screen.credential), body: form });
  }
  const session = async () => (await playerCall(edge, screen.credential, 'GET', '/api/v1/player/preview-session')).body.data;

  before(async () => {
    web = await bootTestKernel({ plugins: coreModules });
    edge = await bootTestKernel({ plugins: coreModules, databaseUrl: web.databaseUrl });
    owner = await setUpOwner(web);
    screen = await pairScreen(web, owner, { name: 'Window display' });
  });
  after(async () => {
    await edge?.stop();
    await web?.stop();
  });
  beforeEach(async () => {
    await resetRateLimits(web);
  });

  it('tells a player on another process about a lease taken on this one, and shows its capture to the console', async () => {
    expect(await session()).to.deep.equal({ active: false, expiresAt: null, captureIntervalSeconds: 20, captureNow: false });
    expect((await console_('GET', `/api/v1/screens/${screen.screenId}/preview`)).body.data).to.include({ status: 'unavailable', imageAvailable: false });
    const socket = await openPlayerSocket(edge, screen.credential);
    try {
      await socket.next('server.hello');
      const renewed = await console_('POST', `/api/v1/screens/${screen.screenId}/preview-session`, { forceCapture: true });
      expect(renewed.status).to.equal(200);
      expect(renewed.body.data).to.include({ active: true, captureIntervalSeconds: 20, captureNow: true });
      const lease = Date.parse(renewed.body.data.expiresAt) - Date.now();
      expect(lease).to.be.within(55_000, 61_000);
      await socket.next('preview.session_changed');
    } finally {
      socket.ws.close();
    }
    expect(await session()).to.include({ active: true, captureNow: true });
    expect((await console_('GET', `/api/v1/screens/${screen.screenId}/preview`)).body.data.status).to.equal('loading');

    const image = await jpeg(960, 540);
    const res = await upload(
      { capturedAt: new Date().toISOString(), width: '960', height: '540', fileSize: String(image.length), playerVersion: '2.4.0' },
      { bytes: image },
    );
    expect(res.status, await res.clone().text()).to.equal(204);
    expect(await session()).to.include({ active: true, captureNow: false });

    const meta = await console_('GET', `/api/v1/screens/${screen.screenId}/preview`);
    expect(meta.body.data).to.include({
      status: 'available',
      imageAvailable: true,
      width: 960,
      height: 540,
      fileSize: image.length,
      playerVersion: '2.4.0',
      captureFailureStatus: null,
    });
    const got = await web.request(`/api/v1/screens/${screen.screenId}/preview/image`, { headers: { cookie: owner.cookie } });
    expect(got.status).to.equal(200);
    expect(got.headers.get('content-type')).to.equal('image/jpeg');
    expect(got.headers.get('cache-control')).to.equal('no-store, private');
    expect(Buffer.from(await got.arrayBuffer()).equals(image)).to.equal(true);
    expect((await web.request(`/api/v1/screens/${screen.screenId}/preview/image`)).status).to.equal(401);
  });

  it('replaces the preview with a failure status, keeping no image to show', async () => {
    await console_('POST', `/api/v1/screens/${screen.screenId}/preview-session`, {});
    const res = await upload({ failureStatus: 'sensitive_pairing', playerVersion: '2.4.0' });
    expect(res.status).to.equal(204);
    expect((await console_('GET', `/api/v1/screens/${screen.screenId}/preview`)).body.data).to.include({
      status: 'unavailable',
      imageAvailable: false,
      captureFailureStatus: 'sensitive_pairing',
    });
    expect((await web.request(`/api/v1/screens/${screen.screenId}/preview/image`, { headers: { cookie: owner.cookie } })).status).to.equal(404);
  });

  it('refuses oversize, non-image and too-large-dimension uploads, and anything without a lease, keeping the last good preview', async () => {
    await console_('POST', `/api/v1/screens/${screen.screenId}/preview-session`, {});
    const good = await jpeg(640, 360);
    expect((await upload({ capturedAt: new Date().toISOString(), playerVersion: '2.4.0' }, { bytes: good })).status).to.equal(204);
    const meta = { capturedAt: new Date().toISOString(), playerVersion: '2.4.0' };

    const big = await noisyJpeg(960, 540);
    expect(big.length).to.be.above(500 * 1024);
    const oversize = await upload(meta, { bytes: big });
    expect(oversize.status).to.equal(413);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const notJpeg = await upload(meta, { bytes: png, type: 'image/jpeg' });
    expect([notJpeg.status, (await notJpeg.json()).error.code]).to.deep.equal([415, 'unsupported_preview_type']);
    const huge = await upload(meta, { bytes: await jpeg(1920, 1080, 20) });
    expect([huge.status, (await huge.json()).error.code]).to.deep.equal([422, 'invalid_preview']);
    const badStatus = await upload({ failureStatus: 'x'.repeat(200), playerVersion: '2.4.0' });
    expect(badStatus.status).to.equal(422);
    const noVersion = await upload({ capturedAt: meta.capturedAt }, { bytes: good });
    expect(noVersion.status).to.equal(422);

    const current = (await console_('GET', `/api/v1/screens/${screen.screenId}/preview`)).body.data;
    expect(current).to.include({ status: 'available', width: 640, height: 360, fileSize: good.length });

    const other = await pairScreen(web, owner, { name: 'Unwatched' });
    const form = new FormData();
    form.append('failureStatus', 'unavailable');
    form.append('playerVersion', '2.4.0');
    const unwatched = await edge.request('/api/v1/player/preview', { method: 'POST', headers: bearer(other.credential), body: form });
    expect([unwatched.status, (await unwatched.json()).error.code]).to.deep.equal([409, 'preview_session_expired']);
  });

  it('answers 404 for a screen that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await console_('POST', `/api/v1/screens/${missing}/preview-session`, {})).status).to.equal(404);
    expect((await console_('GET', `/api/v1/screens/${missing}/preview`)).status).to.equal(404);
  });
});
