import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import type { BackupsDeps } from '../../core-modules/backups/backups-deps.js';
import { coreModules } from '../../core-modules/index.js';
import type { Storage } from '../../kernel/storage/storage.js';
import { consoleCall, login, OWNER, sessionFrom, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

const BASE = '/api/v1/system/backups';
const MEDIA_KEY = 'restore-test/photo.bin';
const MEDIA = Buffer.from(Array.from({ length: 90_000 }, (_, i) => (i * 7) % 256));
const STRAY_KEY = 'restore-test/only-on-target.bin';

const storageOf = (k: TestKernel) => k.containerOf('kernel').resolve<Storage>('storage');
const bytesOf = async (body: Readable) => {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk);
  return Buffer.concat(parts);
};

describe('backups: restore into an empty installation on another machine', () => {
  let source: TestKernel;
  let target: TestKernel;
  let targetDataDir: string;
  let sourceOwner: ConsoleSession;
  let targetOwner: ConsoleSession;
  let archivePath: string;
  let playlistId: string;

  const jobRow = (k: TestKernel, id: string) => k.db('backup_jobs').where({ id }).first();

  before(async () => {
    source = await bootTestKernel({ plugins: coreModules });
    sourceOwner = await setUpOwner(source);
    playlistId = (await consoleCall(source, sourceOwner, 'POST', '/api/v1/playlists', { name: 'Breakfast menu' })).body.data.id;
    await storageOf(source).put(MEDIA_KEY, Readable.from([MEDIA]), MEDIA.length);
    const started = await consoleCall(source, sourceOwner, 'POST', BASE);
    const done = await eventually(
      () => jobRow(source, started.body.data.id),
      (row) => ['succeeded', 'failed'].includes(row?.status),
      20_000,
    );
    expect(done.status, done.error_message).to.equal('succeeded');
    const archive = await source.db('backup_archives').where({ id: done.archive_id }).first();
    archivePath = join(source.dataDir, 'backups', archive.file_name);

    // Another machine: its own database and DATA_DIR, given the source's secrets key (never in an archive).
    targetDataDir = mkdtempSync(join(tmpdir(), 'signage-restore-target-'));
    copyFileSync(join(source.dataDir, 'secrets.key'), join(targetDataDir, 'secrets.key'));
    target = await bootTestKernel({ plugins: coreModules, dataDir: targetDataDir });
    // Test databases are copies of one template: give the target an installation of its own.
    await target.db('organization').update({ installation_id: target.db.raw('gen_random_uuid()') });
    targetOwner = sessionFrom(
      await consoleCall(target, undefined, 'POST', '/api/v1/auth/setup', { ...OWNER, organizationName: 'Somewhere Else', username: 'bert' }),
    );
    await consoleCall(target, targetOwner, 'POST', '/api/v1/playlists', { name: 'Only on the target' });
    await storageOf(target).put(STRAY_KEY, Readable.from([Buffer.from('stray')]), 5);
  });
  after(async () => {
    await Promise.all([source?.stop(), target?.stop()]);
    rmSync(targetDataDir, { recursive: true, force: true });
  });

  it('brings back every row and stored file, answering 503 while it runs and keeping what the target had in a pre-restore backup', async () => {
    const backups = target.containerOf('backups').cradle as BackupsDeps;
    const imported = await backups.backupsService.importArchive(archivePath);
    const api = (method: string, path: string, body?: unknown) => consoleCall(target, targetOwner, method, path, body);

    const plan = (await api('GET', `${BASE}/${imported.id}/plan`)).body.data;
    expect(plan).to.deep.include({ identityMismatch: true, organizationName: 'Corner Café' });
    const unconfirmed = await api('POST', `${BASE}/${imported.id}/restore`, {});
    expect([unconfirmed.status, unconfirmed.body.error.code]).to.deep.equal([409, 'backup_identity_mismatch']);

    // The restore waits behind this lock while it replaces the rows, so the test sees it running.
    const trx = await target.db.transaction();
    let jobId: string;
    try {
      await trx.raw('LOCK TABLE playlists IN ACCESS SHARE MODE');
      const started = await api('POST', `${BASE}/${imported.id}/restore`, { confirmIdentityMismatch: true });
      expect(started.status, JSON.stringify(started.body)).to.equal(202);
      jobId = started.body.data.id;
      const busy = await eventually(
        () => call(target, 'GET', `${BASE}/jobs/current`),
        (r) => r.body?.error?.details?.phase === 'restoring_database',
        20_000,
      );
      expect(busy.status).to.equal(503);
      expect(busy.body.error.code).to.equal('restore_in_progress');
      expect(busy.headers.get('retry-after')).to.equal('5');
      expect(busy.body.error.details.progressPercent).to.be.a('number');
      expect((await call(target, 'GET', '/readyz')).status).to.equal(503);
      expect((await call(target, 'GET', '/healthz')).status).to.equal(200);
      // A signed-in console is answered too, not held on the sessions the restore replaces.
      const signedIn = await Promise.race([
        api('GET', '/api/v1/playlists'),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a signed-in request waited on the restore')), 5_000)),
      ]);
      expect([signedIn.status, signedIn.body.error?.code]).to.deep.equal([503, 'restore_in_progress']);
    } finally {
      await trx.rollback();
    }
    const done = await eventually(
      () => jobRow(target, jobId),
      (row) => ['succeeded', 'failed'].includes(row?.status),
      20_000,
    );
    expect(done.status, done.error_message).to.equal('succeeded');
    expect(
      (
        await eventually(
          () => call(target, 'GET', '/readyz'),
          (r) => r.status === 200,
        )
      ).status,
    ).to.equal(200);

    // Sign-ins ended; the source's accounts are the target's now.
    expect((await api('GET', BASE)).status).to.equal(401);
    const restoredOwner = await login(target, OWNER.username, OWNER.password);
    const playlists = (await consoleCall(target, restoredOwner, 'GET', '/api/v1/playlists')).body.data;
    const names = (playlists.items ?? playlists).map((p: { name: string }) => p.name);
    expect(names).to.deep.equal(['Breakfast menu']);
    expect((await consoleCall(target, restoredOwner, 'GET', `/api/v1/playlists/${playlistId}`)).status).to.equal(200);
    expect(await target.db('audit_log').where({ action: 'backup.restored' }).pluck('resource_id')).to.deep.equal([imported.id]);
    const organization = await target.db('organization').first();
    expect(organization.name).to.equal('Corner Café');
    expect(await target.db('organization').first()).to.deep.include({ installation_id: plan.installationId });

    expect((await bytesOf(await storageOf(target).get(MEDIA_KEY))).equals(MEDIA)).to.equal(true);
    expect(await storageOf(target).stat(STRAY_KEY)).to.equal(undefined);

    const list = (await consoleCall(target, restoredOwner, 'GET', BASE)).body.data;
    expect(list.backups.map((b: { kind: string }) => b.kind).sort()).to.deep.equal(['imported', 'pre_restore']);
  });
});
