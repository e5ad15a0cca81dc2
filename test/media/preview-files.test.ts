import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { libraryDeps, seedAsset, sessionsByRole, sha256 } from '../support/library-assets.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('asset previews and thumbnails (file serving)', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let viewer: ConsoleSession;
  let video: { id: string; bytes: Buffer; etag: string };

  /** A raw request: status, headers and the body bytes. */
  async function fetchFile(path: string, headers: Record<string, string> = {}, method = 'GET', session: ConsoleSession | null = owner) {
    const res = await k.request(path, { method, headers: { ...(session ? { cookie: session.cookie } : {}), ...headers } });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    ({ viewer } = (await sessionsByRole(k, owner, ['viewer'])) as { viewer: ConsoleSession });
    // Random bytes: any mistake in offsets shows up as a hash mismatch.
    const bytes = randomBytes(300_000);
    const seeded = await seedAsset(k, { type: 'video', name: 'Clip', bytes });
    video = { id: seeded.id, bytes, etag: `"${sha256(bytes)}"` };
  });
  after(() => k?.stop());

  const preview = () => `/api/v1/assets/${video.id}/preview`;

  it('streams the whole file with validators and inline disposition', async () => {
    const res = await fetchFile(preview(), {}, 'GET', viewer);
    expect(res.status).to.equal(200);
    expect(sha256(res.body)).to.equal(sha256(video.bytes));
    expect(res.headers.get('content-length')).to.equal(String(video.bytes.length));
    expect(res.headers.get('content-type')).to.equal('video/mp4');
    expect(res.headers.get('etag')).to.equal(video.etag);
    expect(res.headers.get('accept-ranges')).to.equal('bytes');
    expect(res.headers.get('content-disposition')).to.equal(`inline; filename="Clip.mp4"; filename*=UTF-8''Clip.mp4`);
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('cache-control')).to.equal('private, max-age=0, must-revalidate');
    expect(new Date(res.headers.get('last-modified')!).getTime()).to.be.greaterThan(0);
  });

  it('serves the first bytes as 206 with Content-Range', async () => {
    const res = await fetchFile(preview(), { range: 'bytes=0-9' });
    expect(res.status).to.equal(206);
    expect(res.headers.get('content-range')).to.equal(`bytes 0-9/${video.bytes.length}`);
    expect(res.headers.get('content-length')).to.equal('10');
    expect(res.body.equals(video.bytes.subarray(0, 10))).to.equal(true);
  });

  it('serves a suffix range (the last bytes)', async () => {
    const res = await fetchFile(preview(), { range: 'bytes=-10' });
    expect(res.status).to.equal(206);
    const size = video.bytes.length;
    expect(res.headers.get('content-range')).to.equal(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(res.body.equals(video.bytes.subarray(size - 10))).to.equal(true);
  });

  it('serves an open-ended range to the end', async () => {
    const res = await fetchFile(preview(), { range: 'bytes=5-' });
    expect(res.status).to.equal(206);
    expect(res.headers.get('content-length')).to.equal(String(video.bytes.length - 5));
    expect(sha256(res.body)).to.equal(sha256(video.bytes.subarray(5)));
  });

  it('refuses a range past the end with 416 and Content-Range: bytes */size', async () => {
    const res = await fetchFile(preview(), { range: `bytes=${video.bytes.length}-` });
    expect(res.status).to.equal(416);
    expect(res.headers.get('content-range')).to.equal(`bytes */${video.bytes.length}`);
    expect(JSON.parse(res.body.toString()).error.code).to.equal('range_not_satisfiable');
  });

  it('answers several ranges with the whole file (200), and ignores a malformed Range', async () => {
    for (const range of ['bytes=0-1,5-6', 'bytes=abc', 'bytes=9-3']) {
      const res = await fetchFile(preview(), { range });
      expect(res.status, range).to.equal(200);
      expect(res.body.length, range).to.equal(video.bytes.length);
    }
  });

  it('ignores the Range when If-Range names an older file, honours it when it matches', async () => {
    const stale = await fetchFile(preview(), { range: 'bytes=0-9', 'if-range': '"sha256-0000"' });
    expect(stale.status).to.equal(200);
    expect(sha256(stale.body)).to.equal(sha256(video.bytes));
    const current = await fetchFile(preview(), { range: 'bytes=0-9', 'if-range': video.etag });
    expect(current.status).to.equal(206);
    expect(current.body.length).to.equal(10);
  });

  it('answers 304 without a body to a matching If-None-Match', async () => {
    const res = await fetchFile(preview(), { 'if-none-match': video.etag });
    expect(res.status).to.equal(304);
    expect(res.body.length).to.equal(0);
    expect(res.headers.get('etag')).to.equal(video.etag);
    expect((await fetchFile(preview(), { 'if-none-match': '"sha256-other"' })).status).to.equal(200);
  });

  it('answers 412 to a failing If-Match', async () => {
    const res = await fetchFile(preview(), { 'if-match': '"sha256-other"' });
    expect(res.status).to.equal(412);
    expect(JSON.parse(res.body.toString()).error.code).to.equal('precondition_failed');
  });

  it('answers HEAD with the same headers and no body, for the whole file and a range', async () => {
    const res = await fetchFile(preview(), {}, 'HEAD');
    expect(res.status).to.equal(200);
    expect(res.body.length).to.equal(0);
    expect(res.headers.get('content-length')).to.equal(String(video.bytes.length));
    expect(res.headers.get('etag')).to.equal(video.etag);
    const ranged = await fetchFile(preview(), { range: 'bytes=10-19' }, 'HEAD');
    expect(ranged.status).to.equal(206);
    expect(ranged.headers.get('content-range')).to.equal(`bytes 10-19/${video.bytes.length}`);
    expect(ranged.headers.get('content-length')).to.equal('10');
  });

  it('keeps serving after a client drops a download half-way', async () => {
    const big = randomBytes(8 * 1024 * 1024);
    const { id } = await seedAsset(k, { type: 'video', bytes: big });
    const url = new URL(`${k.url}/api/v1/assets/${id}/preview`);
    await new Promise<void>((resolve, reject) => {
      const req = request(url, { headers: { cookie: owner.cookie } }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
      req.end();
    });
    const res = await fetchFile(`/api/v1/assets/${id}/preview`);
    expect(res.status).to.equal(200);
    expect(sha256(res.body)).to.equal(sha256(big));
  });

  it('prefers the playback copy of a video', async () => {
    const playback = randomBytes(1000);
    const { id } = await seedAsset(k, { type: 'video', bytes: randomBytes(2000), playback });
    const res = await fetchFile(`/api/v1/assets/${id}/preview`);
    expect(res.status).to.equal(200);
    expect(res.body.equals(playback)).to.equal(true);
  });

  it('refuses the preview of an asset that is not ready (409 media_not_ready)', async () => {
    const { id } = await seedAsset(k, { status: 'processing' });
    const res = await fetchFile(`/api/v1/assets/${id}/preview`);
    expect(res.status).to.equal(409);
    expect(JSON.parse(res.body.toString()).error.code).to.equal('media_not_ready');
  });

  it('serves the thumbnail of an image and the poster of a video', async () => {
    const image = await seedAsset(k, { type: 'image', name: 'Poster' });
    const thumb = await fetchFile(`/api/v1/assets/${image.id}/thumbnail`, {}, 'GET', viewer);
    expect(thumb.status).to.equal(200);
    expect(thumb.headers.get('content-type')).to.equal('image/jpeg');
    expect(thumb.body.equals(image.thumbnail!)).to.equal(true);
    expect(thumb.headers.get('etag')).to.equal(`"${sha256(image.thumbnail!)}"`);
    const poster = await fetchFile(`/api/v1/assets/${video.id}/thumbnail`);
    expect(poster.status).to.equal(200);
    expect(poster.headers.get('content-type')).to.equal('image/jpeg');
  });

  it('answers 404 media_variant_unavailable without a thumbnail, for websites and for a lost file', async () => {
    const bare = await seedAsset(k, { thumbnail: false, status: 'processing' });
    const noThumb = await fetchFile(`/api/v1/assets/${bare.id}/thumbnail`);
    expect(noThumb.status).to.equal(404);
    expect(JSON.parse(noThumb.body.toString()).error.code).to.equal('media_variant_unavailable');

    const site = await consoleCall(k, owner, 'POST', '/api/v1/assets/websites', { name: 'Site', url: 'https://example.org/' });
    const sitePreview = await fetchFile(`/api/v1/assets/${site.body.data.id}/preview`);
    expect(sitePreview.status).to.equal(404);
    expect(JSON.parse(sitePreview.body.toString()).error.code).to.equal('media_variant_unavailable');

    const lost = await seedAsset(k);
    const variant = await k.db('asset_variants').where({ asset_id: lost.id, kind: 'original' }).first();
    await libraryDeps(k).storage.delete(variant.storage_key);
    const gone = await fetchFile(`/api/v1/assets/${lost.id}/preview`);
    expect(gone.status).to.equal(404);
    expect(JSON.parse(gone.body.toString()).error.code).to.equal('media_variant_unavailable');
  });

  it('answers 404 not_found for unknown and deleting assets, 401 without a session', async () => {
    expect((await fetchFile('/api/v1/assets/00000000-0000-4000-8000-000000000000/preview')).status).to.equal(404);
    const { id } = await seedAsset(k);
    await k.db('assets').where({ id }).update({ processing_status: 'deleting' });
    expect((await fetchFile(`/api/v1/assets/${id}/thumbnail`)).status).to.equal(404);
    expect((await fetchFile(preview(), {}, 'GET', null)).status).to.equal(401);
    expect((await fetchFile(preview(), {}, 'HEAD', null)).status).to.equal(401);
  });
});
