import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { coreModules } from '../../core-modules/index.js';
import type { UploadsDeps } from '../../core-modules/media/uploads/uploads-deps.js';
import { type ConsoleSession, setUpOwner } from '../support/console-client.js';
import { makePng } from '../support/media-files.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { completeUpload, dropMidChunk, headUpload, patchUpload, sha256, startUpload } from '../support/uploads.js';
import { eventually } from '../support/wait.js';

const MIB = 1024 * 1024;

/** Uploads with media in a bucket: the bytes of an upload in progress live there too. */
describe('resumable uploads on S3 storage', function () {
  this.timeout(120_000);
  let s3: S3Server;
  let k: TestKernel;
  let other: TestKernel;
  let owner: ConsoleSession;
  let png: Buffer;
  const deps = (kernel: TestKernel) => kernel.containerOf('media').cradle as UploadsDeps;
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const key of deps(k).storage.list(prefix)) keys.push(key);
    return keys;
  };
  /** A PNG padded with noise to `size` bytes (accepted by the completion, which reads its signature). */
  const pngOf = (size: number) => Buffer.concat([png, randomBytes(size - png.length)]);

  before(async function () {
    this.timeout(180_000);
    s3 = await startS3Server({ buckets: ['uploads'] });
    png = await makePng(32, 32);
    const env = s3.envFor('uploads', 'site/');
    k = await bootTestKernel({ plugins: coreModules, role: 'web', env });
    // A second server process on the same database and bucket, with a DATA_DIR of its own.
    other = await bootTestKernel({ plugins: coreModules, role: 'web', env, databaseUrl: k.databaseUrl });
    owner = await setUpOwner(k);
  });
  after(async () => {
    await other?.stop();
    await k?.stop();
    await s3?.stop();
  });

  it('stores a chunk longer than an object stretch (70 MiB in one PATCH) as several objects, and completes it', async () => {
    const bytes = pngOf(70 * MIB);
    const id = (await startUpload(k, owner, 'long.png', bytes.length, 'image/png')).body.data.id;
    expect((await patchUpload(k, owner, id, 0, bytes.subarray(0, MIB))).status).to.equal(204);
    // The rest in one request through the other process.
    expect((await patchUpload(other, owner, id, MIB, bytes.subarray(MIB))).status).to.equal(204);
    expect(await keysUnder(`uploads/${id}`)).to.have.length(3); // 1 MiB, then 64 MiB and 5 MiB
    const done = await completeUpload(other, owner, id);
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect(done.body.data.sha256).to.equal(sha256(bytes));
    expect(await keysUnder(`uploads/${id}`)).to.deep.equal([]);
    const original = (await k.db('asset_variants').where({ asset_id: done.body.data.id, kind: 'original' }).first()).storage_key;
    expect((await deps(other).storage.stat(original))?.size).to.equal(bytes.length);
  });

  it('answers 503 storage_unavailable while the bucket is down, counts nothing, and takes the same chunk once it is back', async () => {
    const bytes = pngOf(3 * MIB);
    const id = (await startUpload(k, owner, 'retry.png', bytes.length, 'image/png')).body.data.id;
    expect((await patchUpload(k, owner, id, 0, bytes.subarray(0, MIB))).status).to.equal(204);
    await s3.pause();
    try {
      const refused = await patchUpload(other, owner, id, MIB, bytes.subarray(MIB));
      expect(refused.status).to.equal(503);
      expect(refused.body.error.code).to.equal('storage_unavailable');
    } finally {
      await s3.restart();
    }
    const head = await headUpload(k, owner, id);
    expect(head.headers.get('upload-offset')).to.equal(String(MIB));
    expect((await patchUpload(other, owner, id, MIB, bytes.subarray(MIB))).status).to.equal(204);
    const done = await completeUpload(k, owner, id);
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect(done.body.data.sha256).to.equal(sha256(bytes));
  });

  it('keeps what arrived of a dropped chunk, and leaves nothing in the bucket once a killed upload is swept', async () => {
    const bytes = pngOf(4 * MIB);
    const id = (await startUpload(k, owner, 'dropped.png', bytes.length, 'image/png')).body.data.id;
    await dropMidChunk(other, owner, id, bytes, 2 * MIB);
    const offset = await eventually(
      async () => Number((await headUpload(k, owner, id)).headers.get('upload-offset')),
      (n) => n === 2 * MIB,
      10_000,
    );
    expect(offset).to.equal(2 * MIB);
    expect(await keysUnder(`uploads/${id}`)).to.have.length(1);
    // The client never comes back: past its expiry, the hourly sweep removes its bytes.
    await k
      .db('upload_sessions')
      .where({ id })
      .update({ expires_at: k.db.raw(`now() - interval '1 hour'`) });
    const media = k.plugins.find((p) => p.def.name === 'media')!;
    const sweep = media.jobs.find((j) => j.name === 'media.clean-expired-uploads')!;
    await sweep.handler({}, k.containerOf('media').cradle, { id: 'test', retryCount: 0, signal: new AbortController().signal });
    expect(await keysUnder(`uploads/${id}`)).to.deep.equal([]);
    expect(await k.db('upload_sessions').where({ id }).first()).to.include({ status: 'expired' });
  });
});
