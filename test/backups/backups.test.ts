import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { Storage } from '../../kernel/storage/storage.js';
import { consoleCall, newSignedInUser, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { startUpload } from '../support/uploads.js';
import { eventually } from '../support/wait.js';
import { tableText, tarEntries } from './backup-archive.js';

const BASE = '/api/v1/system/backups';
const MEDIA_KEY = 'backup-test/hello.bin';
const MEDIA = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('backups', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const settled = (jobId: string) =>
    eventually(
      () => api('GET', `${BASE}/jobs/${jobId}`),
      (r) => ['succeeded', 'failed'].includes(r.body?.data?.status),
      20_000,
    ).then((r) => r.body.data);
  const backUp = async () => {
    const started = await api('POST', BASE);
    expect(started.status, JSON.stringify(started.body)).to.equal(202);
    const job = await settled(started.body.data.id);
    expect(job, JSON.stringify(job)).to.include({ kind: 'backup', status: 'succeeded', phase: 'complete', progressPercent: 100 });
    return job;
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    const storage = k.containerOf('kernel').resolve<Storage>('storage');
    await storage.put(MEDIA_KEY, Readable.from([MEDIA]), MEDIA.length);
  });
  after(() => k?.stop());

  it('backs up the database in one snapshot and every stored file, verified, into an archive it lists', async () => {
    const job = await backUp();
    const list = (await api('GET', BASE)).body.data;
    expect(list.currentJob).to.equal(null);
    expect(list.recentJobs[0]).to.deep.include({ id: job.id, trigger: 'manual' });
    const [archive] = list.backups;
    expect(archive).to.deep.include({ id: job.archiveId, kind: 'manual', status: 'complete', verification: 'verified', organizationName: 'Corner Café' });
    expect(archive.verifiedAt).to.be.a('string');
    expect(archive.tilecastVersion, 'the reference console shows it').to.equal(archive.signageVersion);
    expect(archive.fileName).to.match(/^signage-backup-\d{8}T\d{6}Z-[0-9a-f]{8}\.tar$/);
    expect(list.lastSuccessful.id).to.equal(archive.id);
    const media = archive.components.find((c: { name: string }) => c.name === 'media');
    expect(media.fileCount).to.be.at.least(1);
    expect(media.totalBytes).to.be.at.least(MEDIA.length);
  });

  it('serves the archive as a resumable attachment whose bytes hold the header, the rows, the files and the manifest', async () => {
    const [archive] = (await api('GET', BASE)).body.data.backups;
    const res = await k.request(`${BASE}/${archive.id}/download`, { headers: { cookie: owner.cookie } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/x-tar');
    expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="signage-backup-/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).to.equal(archive.sizeBytes);
    expect(sha256(bytes)).to.equal(archive.archiveSha256);

    const entries = await tarEntries(bytes);
    expect(entries[0]!.name).to.equal('header.json');
    expect(entries.at(-1)!.name).to.equal('manifest.json');
    const header = JSON.parse(entries[0]!.body.toString());
    expect(header).to.include({ formatVersion: 1, organizationName: 'Corner Café' });
    expect(header.migrations.backups).to.have.length(1);
    const names = header.tables.map((t: { name: string }) => t.name);
    expect(names).to.include.members(['users', 'organization', 'audit_log']);
    expect(names).to.not.include.members(['sessions', 'backup_jobs', 'backup_archives', 'migrations_kernel', 'screen_presence']);
    expect(tableText(entries, 'users')).to.include('olivia');
    expect(entries.find((e) => e.name === `media/${MEDIA_KEY}`)!.body.equals(MEDIA)).to.equal(true);
    const manifest = JSON.parse(entries.at(-1)!.body.toString());
    for (const entry of entries.slice(0, -1)) {
      expect(manifest.files.find((f: { path: string }) => f.path === entry.name)).to.deep.equal({
        path: entry.name,
        sizeBytes: entry.body.length,
        sha256: sha256(entry.body),
      });
    }

    const part = await k.request(`${BASE}/${archive.id}/download`, { headers: { cookie: owner.cookie, range: 'bytes=512-1023' } });
    expect(part.status).to.equal(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(512, 1024))).to.equal(true);
  });

  it('refuses file changes while a backup runs, and a second job, then lets them through when it ends', async () => {
    // The backup's COPY waits behind this lock, so it is surely running while the test asks.
    const trx = await k.db.transaction();
    let jobId: string;
    try {
      await trx.raw('LOCK TABLE playlists IN ACCESS EXCLUSIVE MODE');
      const started = await api('POST', BASE);
      expect(started.status).to.equal(202);
      jobId = started.body.data.id;
      const upload = await startUpload(k, owner, 'during.bin', 10);
      expect([upload.status, upload.body.error?.code]).to.deep.equal([409, 'backup_in_progress']);
      const second = await api('POST', BASE);
      expect([second.status, second.body.error.code]).to.deep.equal([409, 'backup_job_active']);
      expect((await api('GET', `${BASE}/jobs/current`)).body.data.id).to.equal(jobId);
    } finally {
      await trx.rollback();
    }
    expect((await settled(jobId)).status).to.equal('succeeded');
    const after = await startUpload(k, owner, 'after.bin', 10);
    expect(after.status, JSON.stringify(after.body)).to.equal(201);
  });

  it('fails a job whose server process died (it stopped saying it is alive), so file changes and the next backup go through', async () => {
    const id = '00000000-0000-4000-8000-00000000dead';
    await k.db('backup_jobs').insert({
      id,
      kind: 'backup',
      trigger: 'cli',
      status: 'running',
      phase: 'database',
      progress_percent: 40,
      alive_at: new Date(Date.now() - 5 * 60_000),
    });
    try {
      const next = await api('POST', BASE);
      expect(next.status, JSON.stringify(next.body)).to.equal(202);
      expect(await api('GET', `${BASE}/jobs/${id}`).then((r) => r.body.data)).to.include({ status: 'failed', errorCode: 'backup_interrupted' });
      expect((await settled(next.body.data.id)).status).to.equal('succeeded');
      const upload = await startUpload(k, owner, 'after-crash.bin', 10);
      expect(upload.status, JSON.stringify(upload.body)).to.equal(201);
    } finally {
      await k.db('backup_jobs').where({ id }).delete();
    }
  });

  it('verifies an archive, and finds one whose bytes changed on disk', async () => {
    const [archive] = (await api('GET', BASE)).body.data.backups;
    const ok = await api('POST', `${BASE}/${archive.id}/verify`);
    expect(ok.status).to.equal(202);
    expect(await settled(ok.body.data.id)).to.include({ kind: 'verify', status: 'succeeded', archiveId: archive.id });

    const path = join(k.dataDir, 'backups', archive.fileName);
    const original = readFileSync(path);
    const damaged = Buffer.from(original);
    const at = damaged.indexOf(MEDIA.subarray(0, 64));
    damaged[at + 100] = damaged[at + 100]! ^ 0xff;
    writeFileSync(path, damaged);
    try {
      const bad = await api('POST', `${BASE}/${archive.id}/verify`);
      const job = await settled(bad.body.data.id);
      expect(job).to.include({ status: 'failed', phase: 'error', errorCode: 'backup_archive_invalid' });
      expect(job.errorMessage).to.include(`media/${MEDIA_KEY}`);
      const listed = (await api('GET', BASE)).body.data.backups.find((a: { id: string }) => a.id === archive.id);
      expect(listed.verification).to.equal('failed');
    } finally {
      writeFileSync(path, original);
    }
  });

  it('plans a restore of its own archive without an identity mismatch', async () => {
    const [archive] = (await api('GET', BASE)).body.data.backups;
    const plan = await api('GET', `${BASE}/${archive.id}/plan`);
    expect(plan.status).to.equal(200);
    expect(plan.body.data).to.deep.include({ identityMismatch: false, organizationName: 'Corner Café', installationId: plan.body.data.currentInstallationId });
  });

  it('keeps the last complete backup unless forced, and deletes the others with their files', async () => {
    const archives = (await api('GET', BASE)).body.data.backups;
    expect(archives.length).to.be.at.least(2);
    const [newest, ...older] = archives;
    for (const archive of older) expect((await api('DELETE', `${BASE}/${archive.id}`)).status).to.equal(200);
    const refused = await api('DELETE', `${BASE}/${newest.id}`);
    expect([refused.status, refused.body.error.code]).to.deep.equal([409, 'last_backup_protected']);
    expect((await api('DELETE', `${BASE}/${newest.id}?force=true`)).body.data).to.deep.equal({ deleted: true });
    expect((await api('GET', BASE)).body.data.backups).to.deep.equal([]);
    const gone = await api('GET', `${BASE}/${newest.id}/download`);
    expect([gone.status, gone.body.error.code]).to.deep.equal([404, 'backup_not_found']);
  });

  it('answers unknown ids and bad input with 4xx, and only to an Owner', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await api('GET', `${BASE}/jobs/${id}`)).body.error.code).to.equal('backup_job_not_found');
    expect((await api('POST', `${BASE}/${id}/verify`)).body.error.code).to.equal('backup_not_found');
    expect((await api('GET', `${BASE}/not-a-uuid/plan`)).status).to.equal(422);
    expect((await api('DELETE', `${BASE}/${id}?force=maybe`)).status).to.equal(422);
    const { session: admin } = await newSignedInUser(k, owner, 'a long enough password', 'administrator');
    expect((await consoleCall(k, admin, 'GET', BASE)).status).to.equal(403);
  });
});
