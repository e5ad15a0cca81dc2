import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { coreModules } from '../../core-modules/index.js';
import type { UploadsDeps } from '../../core-modules/media/uploads/uploads-deps.js';
import { consoleCall, login, OWNER, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { makeGif, makeH264Mp4, makeJpeg, makePng, makeVp9Webm, makeWebp } from '../support/media-files.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { completeUpload, dropMidChunk, headUpload, patchUpload, sha256, startUpload, streamPatch, uploadFile, uploadRequest } from '../support/uploads.js';

const MIB = 1024 * 1024;
const uploadParts = (k: TestKernel) => (k.containerOf('media').cradle as UploadsDeps).uploadParts;
/** Bytes of the upload kept in media storage, from its start without a gap. */
const storedBytes = (k: TestKernel, id: string) => uploadParts(k).size(id);
const hasStoredBytes = async (k: TestKernel, id: string) => (await uploadParts(k).ids()).includes(id);
const uploadRow = (k: TestKernel, id: string) => k.db('upload_sessions').where({ id }).first();

describe('resumable uploads', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let png: Buffer;

  before(async () => {
    // Web role: jobs are enqueued but not run, so processing never changes an asset mid-assertion.
    k = await bootTestKernel({ plugins: coreModules, role: 'web' });
    owner = await setUpOwner(k);
    png = await makePng(320, 200);
  });
  after(() => k?.stop());

  describe('creating and asking where an upload stands', () => {
    it('creates a pending upload with nothing stored yet, and HEAD answers the Upload-* headers', async () => {
      const created = await startUpload(k, owner, 'poster.png', png.length, 'image/png');
      expect(created.status).to.equal(201);
      const view = created.body.data;
      expect(view).to.include({
        filename: 'poster.png',
        mimeType: 'image/png',
        sizeBytes: png.length,
        offset: 0,
        status: 'pending',
        uploadEndpoint: `/api/v1/uploads/${view.id}`,
      });
      expect(view.maximumSizeBytes).to.equal(10 * 1024 ** 3);
      const expiresIn = Date.parse(view.expiresAt) - Date.now();
      expect(expiresIn).to.be.within(23.9 * 3600_000, 24 * 3600_000);
      expect(await storedBytes(k, view.id)).to.equal(0);

      const head = await headUpload(k, owner, view.id);
      expect(head.status).to.equal(204);
      expect(head.headers.get('upload-offset')).to.equal('0');
      expect(head.headers.get('upload-length')).to.equal(String(png.length));
      expect(head.headers.get('upload-status')).to.equal('pending');
      expect(head.headers.get('upload-expires')).to.equal(view.expiresAt);
      expect(head.headers.get('upload-expires')).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

      await patchUpload(k, owner, view.id, 0, png.subarray(0, 100));
      const after = await headUpload(k, owner, view.id);
      expect(after.headers.get('upload-offset')).to.equal('100');
      expect(after.headers.get('upload-status')).to.equal('uploading');
    });

    it('refuses an oversized declaration with 413 upload_too_large, and bad input with 422', async () => {
      const res = await startUpload(k, owner, 'huge.mp4', 10 * 1024 ** 3 + 1, 'video/mp4');
      expect(res.status).to.equal(413);
      expect(res.body.error.code).to.equal('upload_too_large');
      expect(res.body.error.details.maximumSizeBytes).to.equal(10 * 1024 ** 3);
      expect((await startUpload(k, owner, 'ok.mp4', 10 * 1024 ** 3, 'video/mp4')).status).to.equal(201);
      expect((await startUpload(k, owner, 'empty.png', 0)).status).to.equal(422);
      expect((await startUpload(k, owner, '', 10)).status).to.equal(422);
      expect((await startUpload(k, owner, 'x'.repeat(256), 10)).status).to.equal(422);
    });
  });

  describe('appending', () => {
    it('takes chunks at the right offset and refuses a wrong one with 409 upload_offset_mismatch', async () => {
      const id = (await startUpload(k, owner, 'chunks.png', png.length)).body.data.id;
      const first = await patchUpload(k, owner, id, 0, png.subarray(0, 1000));
      expect(first.status).to.equal(204);
      expect(first.headers.get('upload-offset')).to.equal('1000');
      expect(first.headers.get('upload-length')).to.equal(String(png.length));
      expect(first.headers.get('upload-status')).to.equal('uploading');
      expect(first.headers.get('upload-expires')).to.be.a('string');

      for (const wrong of [0, 999, 1001, 5000]) {
        const res = await patchUpload(k, owner, id, wrong, png.subarray(wrong, wrong + 10));
        expect(res.status, `offset ${wrong}`).to.equal(409);
        expect(res.body.error.code).to.equal('upload_offset_mismatch');
        expect(res.headers.get('upload-offset')).to.equal('1000');
      }
      expect((await headUpload(k, owner, id)).headers.get('upload-offset')).to.equal('1000');
      expect(await storedBytes(k, id)).to.equal(1000);

      const rest = await patchUpload(k, owner, id, 1000, png.subarray(1000));
      expect(rest.status).to.equal(204);
      expect(rest.headers.get('upload-offset')).to.equal(String(png.length));
      const done = await completeUpload(k, owner, id);
      expect(done.status).to.equal(200);
      expect(done.body.data.sha256).to.equal(sha256(png));
    });

    it('needs a whole-number Upload-Offset (400 invalid_upload_offset) and an offset+octet-stream body (415)', async () => {
      const id = (await startUpload(k, owner, 'headers.png', png.length)).body.data.id;
      for (const offset of ['', '-1', '1.5', 'abc', '99999999999999999999']) {
        const res = await uploadRequest(k, owner, 'PATCH', `/api/v1/uploads/${id}`, {
          headers: { 'content-type': 'application/offset+octet-stream', ...(offset ? { 'upload-offset': offset } : {}) },
          body: png.subarray(0, 10),
        });
        expect(res.status, `Upload-Offset "${offset}"`).to.equal(400);
        expect(res.body.error.code).to.equal('invalid_upload_offset');
      }
      const text = await patchUpload(k, owner, id, 0, png.subarray(0, 10), { 'content-type': 'text/plain' });
      expect(text.status).to.equal(415);
      expect(text.body.error.code).to.equal('unsupported_content_type');
      const json = await patchUpload(k, owner, id, 0, png.subarray(0, 10), { 'content-type': 'application/json' });
      expect(json.status).to.equal(415);
      // No Content-Type at all is accepted, as is a parameter after the right one.
      const bare = await uploadRequest(k, owner, 'PATCH', `/api/v1/uploads/${id}`, { headers: { 'upload-offset': '0' }, body: png.subarray(0, 10) });
      expect(bare.status).to.equal(204);
      const withParam = await patchUpload(k, owner, id, 10, png.subarray(10, 20), { 'content-type': 'application/offset+octet-stream; charset=binary' });
      expect(withParam.status).to.equal(204);
      expect((await headUpload(k, owner, id)).headers.get('upload-offset')).to.equal('20');
    });

    it('refuses more bytes than remain with 413 upload_too_large and keeps the offset', async () => {
      const id = (await startUpload(k, owner, 'over.png', 100)).body.data.id;
      expect((await patchUpload(k, owner, id, 0, png.subarray(0, 60))).status).to.equal(204);
      const over = await patchUpload(k, owner, id, 60, png.subarray(60, 160));
      expect(over.status).to.equal(413);
      expect(over.body.error.code).to.equal('upload_too_large');
      expect((await headUpload(k, owner, id)).headers.get('upload-offset')).to.equal('60');
      expect(await storedBytes(k, id)).to.equal(60);

      // Without a Content-Length (chunked), the overflow is caught while streaming and cut back.
      const chunked = await patchUpload(
        k,
        owner,
        id,
        60,
        (async function* () {
          yield png.subarray(60, 90);
          yield png.subarray(90, 130);
        })(),
      );
      expect(chunked.status).to.equal(413);
      expect((await headUpload(k, owner, id)).headers.get('upload-offset')).to.equal('60');
      expect(await storedBytes(k, id)).to.equal(60);
      expect((await patchUpload(k, owner, id, 60, png.subarray(60, 100))).status).to.equal(204);
    });

    it('resumes after a dropped connection: the bytes that arrived count, HEAD says where to go on', async () => {
      const bytes = Buffer.concat([png, Buffer.alloc(3 * MIB, 7)]);
      const id = (await startUpload(k, owner, 'dropped.png', bytes.length)).body.data.id;
      const sent = 2 * MIB;
      // One PATCH announcing every byte, cut off after two MiB.
      await dropMidChunk(k, owner, id, bytes, sent);
      let offset = -1;
      for (let i = 0; i < 100 && offset !== sent; i++) {
        offset = Number((await headUpload(k, owner, id)).headers.get('upload-offset'));
        if (offset !== sent) await sleep(100);
      }
      expect(offset).to.equal(sent);
      expect(await storedBytes(k, id)).to.equal(sent);
      const rest = await patchUpload(k, owner, id, offset, bytes.subarray(offset));
      expect(rest.status).to.equal(204);
      const done = await completeUpload(k, owner, id);
      expect(done.status).to.equal(200);
      expect(done.body.data.sha256).to.equal(sha256(bytes));
    });

    it('streams a 128 MiB chunk to disk without holding it in memory (the 1 MiB JSON limit does not apply)', async function () {
      this.timeout(120_000);
      const size = 128 * MIB;
      const id = (await startUpload(k, owner, 'big.png', size)).body.data.id;
      const piece = Buffer.alloc(MIB, 0x5a);
      png.copy(piece); // a real PNG signature, so it could be completed
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      try {
        const res = await streamPatch(k, owner, id, 0, piece, size / MIB);
        expect(res.status).to.equal(204);
        expect(res.headers['upload-offset']).to.equal(String(size));
      } finally {
        clearInterval(sampler);
      }
      expect(await storedBytes(k, id)).to.equal(size);
      // Holding the chunk would grow the process (server and client alike) by at least 128 MiB.
      expect((peak - before) / MIB).to.be.below(64);
      await uploadRequest(k, owner, 'DELETE', `/api/v1/uploads/${id}`);
    });
  });

  describe('completing', () => {
    const cases: [string, string, () => Promise<Buffer>, string, string][] = [
      ['PNG', 'logo.png', () => makePng(), 'image', 'image/png'],
      ['JPEG', 'photo.jpeg', () => makeJpeg(), 'image', 'image/jpeg'],
      ['WebP', 'banner.webp', () => makeWebp(), 'image', 'image/webp'],
      ['GIF', 'spinner.gif', () => makeGif(), 'image', 'image/gif'],
      ['MP4', 'clip.mp4', () => makeH264Mp4(1), 'video', 'video/mp4'],
      ['WebM', 'loop.webm', () => makeVp9Webm(1), 'video', 'video/x-matroska'],
    ];
    for (const [label, filename, make, type, mime] of cases) {
      it(`detects ${label} from its bytes, stores the original with its SHA-256 and creates a queued asset`, async function () {
        this.timeout(60_000);
        const bytes = await make();
        // The declared type is deliberately wrong: detection goes by the bytes.
        const { id, res } = await uploadFile(k, owner, filename, bytes, 'application/x-whatever', 64 * 1024);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        const asset = res.body.data;
        expect(asset).to.include({
          type,
          detectedMimeType: mime,
          declaredMimeType: 'application/x-whatever',
          originalFilename: filename,
          sha256: sha256(bytes),
          originalSize: bytes.length,
          createdBy: owner.userId,
        });
        expect(asset.name).to.equal(filename.replace(/\.[^.]+$/, ''));
        expect(asset.variants).to.have.length(1);
        expect(asset.variants[0]).to.include({ kind: 'original', mimeType: mime, fileSize: bytes.length, sha256: sha256(bytes) });
        expect(JSON.stringify(asset)).not.to.contain('assets/'); // no storage keys in answers

        const row = await k.db('assets').where({ id: asset.id }).first();
        expect(row).to.include({ type, detected_mime_type: mime, created_by: owner.userId });
        const variant = await k.db('asset_variants').where({ asset_id: asset.id, kind: 'original' }).first();
        expect(variant.storage_key).to.match(new RegExp(`^assets/${asset.id}/original\\.\\w+$`));
        const stored = readFileSync(join(k.dataDir, 'media', variant.storage_key));
        expect(sha256(stored)).to.equal(sha256(bytes));

        const upload = await uploadRow(k, id);
        expect(upload).to.include({ status: 'finalized', resulting_asset_id: asset.id, final_asset_id: asset.id });
        expect(await hasStoredBytes(k, id)).to.equal(false);
      });
    }

    it('is idempotent: completing twice answers the same asset and creates one', async () => {
      const { id, res } = await uploadFile(k, owner, 'twice.png', png);
      expect(res.status).to.equal(200);
      const again = await completeUpload(k, owner, id);
      expect(again.status).to.equal(200);
      expect(again.body.data.id).to.equal(res.body.data.id);
      expect(await k.db('assets').where({ original_filename: 'twice.png' }).count({ n: '*' }).first()).to.deep.equal({ n: 1 });
      const audits = await k.db('audit_log').where({ action: 'media.upload_finalized', resource_id: res.body.data.id });
      expect(audits).to.have.length(1);
      expect(audits[0]).to.include({ actor_kind: 'console', actor_id: owner.userId, resource_type: 'asset' });
    });

    it('runs concurrent completions of one upload into a single asset', async () => {
      const created = await startUpload(k, owner, 'race.png', png.length);
      const id = created.body.data.id;
      await patchUpload(k, owner, id, 0, png);
      const answers = await Promise.all([1, 2, 3].map(() => completeUpload(k, owner, id)));
      expect(answers.map((a) => a.status)).to.deep.equal([200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.data.id)).size).to.equal(1);
    });

    it('enqueues media.inspect-asset for the new asset in the same transaction', async () => {
      const { res } = await uploadFile(k, owner, 'queued.png', png);
      const jobs = await k.db.raw(`SELECT data FROM pgboss.job WHERE name = 'media.inspect-asset' AND data->>'assetId' = ?`, [res.body.data.id]);
      expect(jobs.rows).to.have.length(1);
    });

    it('refuses an unfinished upload with 409 upload_incomplete', async () => {
      const id = (await startUpload(k, owner, 'half.png', png.length)).body.data.id;
      await patchUpload(k, owner, id, 0, png.subarray(0, 10));
      const res = await completeUpload(k, owner, id);
      expect(res.status).to.equal(409);
      expect(res.body.error.code).to.equal('upload_incomplete');
      expect((await uploadRow(k, id)).status).to.equal('uploading');
    });

    it('fails an upload whose bytes match no accepted type with 415 unsupported_media_type', async () => {
      const bytes = Buffer.from('%PDF-1.7\nthis is not an image or a video, whatever its name says\n');
      const { id, res } = await uploadFile(k, owner, 'fake.png', bytes, 'image/png');
      expect(res.status).to.equal(415);
      expect(res.body.error.code).to.equal('unsupported_media_type');
      expect(await uploadRow(k, id)).to.include({ status: 'failed', error_code: 'unsupported_media_type' });
      expect(await hasStoredBytes(k, id)).to.equal(false);
      expect(await k.db('assets').where({ original_filename: 'fake.png' }).first()).to.equal(undefined);
      expect((await completeUpload(k, owner, id)).status).to.equal(415);
      expect((await patchUpload(k, owner, id, bytes.length, Buffer.from('x'))).body.error.code).to.equal('upload_state_conflict');
    });

    it('finishes a completion that crashed after journaling its asset id', async () => {
      const id = (await startUpload(k, owner, 'crashed.png', png.length)).body.data.id;
      await patchUpload(k, owner, id, 0, png);
      // What the first phase commits before storing anything; the process then "dies".
      const journaled = '6f0d7c52-4c1b-4d7e-9a51-0f6a2e3b9c11';
      await k.db('upload_sessions').where({ id }).update({ status: 'finalizing', final_asset_id: journaled });
      expect((await headUpload(k, owner, id)).headers.get('upload-status')).to.equal('finalizing');
      expect((await patchUpload(k, owner, id, png.length, Buffer.from('x'))).body.error.code).to.equal('upload_state_conflict');
      const res = await completeUpload(k, owner, id);
      expect(res.status).to.equal(200);
      expect(res.body.data.id).to.equal(journaled);
      expect(res.body.data.sha256).to.equal(sha256(png));
      expect(await uploadRow(k, id)).to.include({ status: 'finalized', resulting_asset_id: journaled });
    });

    it('names the asset after the file, without its extension, at most 180 characters', async () => {
      const long = `${'a'.repeat(200)}.png`;
      expect((await uploadFile(k, owner, long, png)).res.body.data.name).to.equal('a'.repeat(180));
      expect((await uploadFile(k, owner, '.png', png)).res.body.data.name).to.equal('Untitled media');
      expect((await uploadFile(k, owner, 'holiday.final.jpg', png)).res.body.data.name).to.equal('holiday.final');
    });
  });

  describe('ownership, cancelling and expiry', () => {
    let other: ConsoleSession;
    let viewer: ConsoleSession;
    before(async () => {
      await resetRateLimits(k);
      for (const [username, role] of [
        ['carl', 'contributor'],
        ['vera', 'viewer'],
      ]) {
        const res = await consoleCall(k, owner, 'POST', '/api/v1/users', { name: username, username, role, password: OWNER.password });
        expect(res.status).to.equal(201);
      }
      other = await login(k, 'carl', OWNER.password);
      viewer = await login(k, 'vera', OWNER.password);
    });

    it('hides another user\u2019s upload (404 not_found) and lets contributors but not viewers upload', async () => {
      const id = (await startUpload(k, owner, 'mine.png', png.length)).body.data.id;
      expect((await headUpload(k, other, id)).status).to.equal(404);
      const patch = await patchUpload(k, other, id, 0, png);
      expect(patch.status).to.equal(404);
      expect(patch.body.error.code).to.equal('not_found');
      expect((await completeUpload(k, other, id)).status).to.equal(404);
      expect((await uploadRequest(k, other, 'DELETE', `/api/v1/uploads/${id}`)).status).to.equal(404);
      expect((await uploadRow(k, id)).offset_bytes).to.equal(0);

      const { res } = await uploadFile(k, other, 'theirs.png', png);
      expect(res.status).to.equal(200);
      expect(res.body.data.createdBy).to.equal(other.userId);
      expect((await startUpload(k, viewer, 'no.png', 10)).status).to.equal(403);
      expect((await consoleCall(k, undefined, 'POST', '/api/v1/uploads', { filename: 'anon.png', mimeType: 'image/png', sizeBytes: 10 })).status).to.equal(401);
      expect(
        (await uploadRequest(k, { ...owner, csrfToken: 'wrong' }, 'PATCH', `/api/v1/uploads/${id}`, { headers: { 'upload-offset': '0' }, body: png })).status,
      ).to.equal(403);
    });

    it('cancels: deletes its stored bytes, and the upload takes no more', async () => {
      const id = (await startUpload(k, owner, 'cancel.png', png.length)).body.data.id;
      await patchUpload(k, owner, id, 0, png.subarray(0, 50));
      expect(await hasStoredBytes(k, id)).to.equal(true);
      expect((await uploadRequest(k, owner, 'DELETE', `/api/v1/uploads/${id}`)).status).to.equal(204);
      expect(await hasStoredBytes(k, id)).to.equal(false);
      expect((await uploadRow(k, id)).status).to.equal('cancelled');
      expect((await headUpload(k, owner, id)).headers.get('upload-status')).to.equal('cancelled');
      const patch = await patchUpload(k, owner, id, 50, png.subarray(50));
      expect(patch.status).to.equal(409);
      expect(patch.body.error.code).to.equal('upload_state_conflict');
      expect((await completeUpload(k, owner, id)).status).to.equal(409);
      expect((await uploadRequest(k, owner, 'DELETE', `/api/v1/uploads/${id}`)).status).to.equal(204);

      const { id: done } = await uploadFile(k, owner, 'kept.png', png);
      expect((await uploadRequest(k, owner, 'DELETE', `/api/v1/uploads/${done}`)).status).to.equal(409);
    });

    it('answers 410 upload_expired to a PATCH after expiry and marks the upload expired', async () => {
      const id = (await startUpload(k, owner, 'late.png', png.length)).body.data.id;
      await patchUpload(k, owner, id, 0, png.subarray(0, 10));
      await k
        .db('upload_sessions')
        .where({ id })
        .update({ expires_at: k.db.raw(`now() - interval '1 minute'`) });
      expect((await headUpload(k, owner, id)).headers.get('upload-status')).to.equal('expired');
      const res = await patchUpload(k, owner, id, 10, png.subarray(10));
      expect(res.status).to.equal(410);
      expect(res.body.error.code).to.equal('upload_expired');
      expect((await uploadRow(k, id)).status).to.equal('expired');
      expect((await patchUpload(k, owner, id, 10, png.subarray(10))).status).to.equal(410);
      expect((await completeUpload(k, owner, id)).status).to.equal(410);
    });

    it('cleans up: the hourly job expires old uploads and removes stored bytes nothing needs any more', async () => {
      const stale = (await startUpload(k, owner, 'stale.png', png.length)).body.data.id;
      await patchUpload(k, owner, stale, 0, png.subarray(0, 10));
      const fresh = (await startUpload(k, owner, 'fresh.png', png.length)).body.data.id;
      await patchUpload(k, owner, fresh, 0, png.subarray(0, 10));
      const abandoned = (await startUpload(k, owner, 'abandoned.png', png.length)).body.data.id;
      await patchUpload(k, owner, abandoned, 0, png);
      const orphanAsset = 'a3c1f1a4-5b6e-4f0a-8d1c-2b3e4f5a6b7c';
      await k
        .db('upload_sessions')
        .whereIn('id', [stale, abandoned])
        .update({ expires_at: k.db.raw(`now() - interval '2 hours'`) });
      await k.db('upload_sessions').where({ id: abandoned }).update({ status: 'finalizing', final_asset_id: orphanAsset });
      const storage = (k.containerOf('media').cradle as UploadsDeps).storage;
      await storage.put(`assets/${orphanAsset}/original.png`, Readable.from([png]));

      const media = k.plugins.find((p) => p.def.name === 'media')!;
      const job = media.jobs.find((j) => j.name === 'media.clean-expired-uploads')!;
      expect(job.cron).to.be.a('string');
      await job.handler({}, k.containerOf('media').cradle, { id: 'test', retryCount: 0, signal: new AbortController().signal });

      expect(await uploadRow(k, stale)).to.include({ status: 'expired' });
      expect(await hasStoredBytes(k, stale)).to.equal(false);
      expect(await uploadRow(k, abandoned)).to.include({ status: 'failed', error_code: 'finalize_abandoned' });
      expect(await hasStoredBytes(k, abandoned)).to.equal(false);
      expect(await storage.stat(`assets/${orphanAsset}/original.png`)).to.equal(undefined);
      expect(await uploadRow(k, fresh)).to.include({ status: 'uploading' });
      expect(await hasStoredBytes(k, fresh)).to.equal(true);
      // Bytes of cancelled, failed and finalized uploads are gone too; none is left for a dead upload.
      const live = new Set((await k.db('upload_sessions').whereIn('status', ['pending', 'uploading', 'finalizing']).select('id')).map((r) => r.id));
      for (const id of await uploadParts(k).ids()) expect(live.has(id), id).to.equal(true);
    });
  });
});

describe('resumable uploads on a nearly full disk', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  before(async () => {
    // A reserve larger than any disk: every upload would eat into it.
    k = await bootTestKernel({ plugins: coreModules, env: { MEDIA_RESERVED_FREE_BYTES: String(Number.MAX_SAFE_INTEGER) } });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());

  it('refuses a new upload with 507 insufficient_storage', async () => {
    const res = await startUpload(k, owner, 'photo.jpg', 1000, 'image/jpeg');
    expect(res.status).to.equal(507);
    expect(res.body.error.code).to.equal('insufficient_storage');
    expect(await k.db('upload_sessions').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
  });
});
