import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreModules } from '../../core-modules/index.js';
import type { UploadsDeps } from '../../core-modules/media/uploads/uploads-deps.js';
import { setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { completeUpload, patchUpload, startUpload, uploadRequest } from '../support/uploads.js';

const MIB = 1024 * 1024;
const freeBytes = (dir: string) => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};

/**
 * A small disk of its own for DATA_DIR: a 64 MiB tmpfs when this process may mount one (root),
 * so uploads really fill it; otherwise a temp folder whose reserve leaves only 64 MiB of its disk.
 */
function smallDisk(): { dir: string; reserveBytes: number; release(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'signage-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir], { stdio: 'ignore' });
    return {
      dir,
      reserveBytes: 8 * MIB,
      release: () => {
        execFileSync('umount', [dir]);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch {
    return { dir, reserveBytes: freeBytes(dir) - 64 * MIB, release: () => rmSync(dir, { recursive: true, force: true }) };
  }
}

/** A file the completion accepts (PNG magic bytes), padded to `size`. */
const pngOf = (size: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size - 8)]);

describe('the disk reserve with uploads in progress', () => {
  let disk: ReturnType<typeof smallDisk>;
  let k: TestKernel;
  let owner: ConsoleSession;
  /** What uploads may still take: free space now minus the reserve. */
  const room = () => freeBytes(k.dataDir) - disk.reserveBytes;
  const cancel = (id: string) => uploadRequest(k, owner, 'DELETE', `/api/v1/uploads/${id}`);
  const sendAll = async (id: string, bytes: Buffer) => expect((await patchUpload(k, owner, id, 0, bytes)).status).to.equal(204);

  before(async function () {
    this.timeout(120_000); // a kernel boot on a busy machine
    disk = smallDisk();
    // Web role: processing jobs are queued, not run, so only uploads write to the small disk.
    k = await bootTestKernel({ plugins: coreModules, role: 'web', dataDir: disk.dir, env: { MEDIA_RESERVED_FREE_BYTES: String(disk.reserveBytes) } });
    owner = await setUpOwner(k);
  });
  after(async () => {
    await k?.stop();
    disk?.release();
  });

  it('says at start that the database is on another disk, so the reserve is the configured one', () => {
    const line = k.logs.find((l) => l.msg === 'media disk reserve');
    expect(line).to.include({ reserveBytes: disk.reserveBytes, databaseSharesDisk: false });
  });

  it('refuses at create the concurrent uploads that would not fit together, and completes every one it accepted', async () => {
    // Each upload needs twice its size while it completes (its part and the stored file): two fit.
    const size = Math.floor(room() / 5);
    const created = await Promise.all([1, 2, 3, 4].map((n) => startUpload(k, owner, `clip-${n}.png`, size, 'image/png')));
    const accepted = created.filter((r) => r.status === 201).map((r) => r.body.data.id as string);
    const refused = created.filter((r) => r.status !== 201);
    expect(accepted).to.have.length(2);
    expect(refused.map((r) => [r.status, r.body.error.code])).to.deep.equal([
      [507, 'insufficient_storage'],
      [507, 'insufficient_storage'],
    ]);

    await Promise.all(accepted.map((id) => sendAll(id, pngOf(size))));
    const completed = await Promise.all(accepted.map((id) => completeUpload(k, owner, id)));
    expect(completed.map((r) => r.status)).to.deep.equal([200, 200]);
    expect(room()).to.be.at.least(0);
  });

  it('refuses at create an upload that fits once but not twice, rather than at completion', async () => {
    const tooBig = await startUpload(k, owner, 'big.png', Math.floor(room() * 0.6), 'image/png');
    expect(tooBig.status).to.equal(507);
    expect(tooBig.body.error.code).to.equal('insufficient_storage');

    const size = Math.floor(room() * 0.45);
    const id = (await startUpload(k, owner, 'fits.png', size, 'image/png')).body.data.id;
    await sendAll(id, pngOf(size));
    expect((await completeUpload(k, owner, id)).status).to.equal(200);
  });

  it('releases the reservation when an upload is cancelled', async () => {
    const size = Math.floor(room() * 0.3);
    const first = (await startUpload(k, owner, 'first.png', size, 'image/png')).body.data.id;
    expect((await startUpload(k, owner, 'second.png', size, 'image/png')).status).to.equal(507);
    expect((await cancel(first)).status).to.equal(204);
    const second = await startUpload(k, owner, 'second.png', size, 'image/png');
    expect(second.status).to.equal(201);
    await cancel(second.body.data.id);
  });

  it('keeps the reservation of an expired upload until the sweep marks it expired, then releases it', async () => {
    const size = Math.floor(room() * 0.3);
    const stale = (await startUpload(k, owner, 'stale.png', size, 'image/png')).body.data.id;
    await k
      .db('upload_sessions')
      .where({ id: stale })
      .update({ expires_at: k.db.raw(`now() - interval '1 minute'`) });
    // An append that began before the expiry may still be writing: the bytes stay reserved.
    expect((await startUpload(k, owner, 'next.png', size, 'image/png')).status).to.equal(507);
    await (k.containerOf('media').cradle as UploadsDeps).uploadsService.cleanExpired();
    const next = await startUpload(k, owner, 'next.png', size, 'image/png');
    expect(next.status).to.equal(201);
    await cancel(next.body.data.id);
  });

  it('releases the reservation when an upload completes, keeping only the stored file', async () => {
    const before = room();
    const size = Math.floor(before * 0.3);
    const id = (await startUpload(k, owner, 'done.png', size, 'image/png')).body.data.id;
    await sendAll(id, pngOf(size));
    // Its part is written and its stored copy still reserved: 0.4 of the room is left; after it
    // completes the part is gone, 0.7 is left, and another upload needing 0.55 fits.
    const other = Math.floor(before * 0.275);
    expect((await startUpload(k, owner, 'other.png', other, 'image/png')).status).to.equal(507);
    expect((await completeUpload(k, owner, id)).status).to.equal(200);
    const after = await startUpload(k, owner, 'other.png', other, 'image/png');
    expect(after.status).to.equal(201);
    await cancel(after.body.data.id);
  });

  it('refuses a completion when a writer outside the reservations took its room, and completes once the room is back', async () => {
    const size = Math.floor(room() * 0.3);
    const id = (await startUpload(k, owner, 'later.png', size, 'image/png')).body.data.id;
    await sendAll(id, pngOf(size));
    const filler = join(k.dataDir, 'filler');
    writeFileSync(filler, Buffer.alloc(room() - Math.floor(size / 2)));
    try {
      const refused = await completeUpload(k, owner, id);
      expect(refused.status).to.equal(507);
      expect(refused.body.error.code).to.equal('insufficient_storage');
    } finally {
      rmSync(filler);
    }
    expect((await completeUpload(k, owner, id)).status).to.equal(200);
  });
});

describe('the disk reserve when the database shares the disk', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let maxWalBytes: number;

  before(async function () {
    this.timeout(120_000);
    // The test database is the embedded one under the same temp folder as DATA_DIR.
    if (process.env.TEST_DATABASE_URL) this.skip();
    k = await bootTestKernel({
      plugins: coreModules,
      role: 'web',
      env: { MEDIA_RESERVED_FREE_BYTES: '0', MEDIA_MAX_UPLOAD_BYTES: String(Number.MAX_SAFE_INTEGER) },
    });
    owner = await setUpOwner(k);
    maxWalBytes = Number((await k.db.raw(`SELECT pg_size_bytes(current_setting('max_wal_size')) AS b`)).rows[0].b);
  });
  after(() => k?.stop());

  it('keeps at least what PostgreSQL may write to its WAL free, even with a reserve of 0', async () => {
    expect(k.logs.find((l) => l.msg === 'media disk reserve')).to.include({ reserveBytes: maxWalBytes, databaseSharesDisk: true });
    const free = freeBytes(k.dataDir);
    const intoWal = await startUpload(k, owner, 'huge.mp4', Math.floor((free - maxWalBytes / 2) / 2), 'video/mp4');
    expect(intoWal.status).to.equal(507);
    const beside = await startUpload(k, owner, 'large.mp4', Math.floor((free - 2 * maxWalBytes) / 2), 'video/mp4');
    expect(beside.status).to.equal(201);
    await uploadRequest(k, owner, 'DELETE', `/api/v1/uploads/${beside.body.data.id}`);
  });
});
