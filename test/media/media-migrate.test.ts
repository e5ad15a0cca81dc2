import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { coreModules } from '../../core-modules/index.js';
import type { MediaDeps } from '../../core-modules/media/media-deps.js';
import { CopyLog } from '../../core-modules/media/storage-move/copy-log.js';
import { migrateMedia } from '../../core-modules/media/storage-move/media-migration.js';
import { migrateCommands, parseMigrateArgs } from '../../core-modules/media/storage-move/migrate.command.js';
import { MigrationProgress } from '../../core-modules/media/storage-move/migration-progress.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { LocalDiskStorage } from '../../kernel/storage/local-disk-storage.js';
import { S3Storage } from '../../kernel/storage/s3-storage.js';
import type { Storage } from '../../kernel/storage/storage.js';
import { runCli } from '../support/cli.js';
import { setUpOwner } from '../support/console-client.js';
import { makePng } from '../support/media-files.js';
import { startS3Server, type S3Server } from '../support/s3-server.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { uploadFile } from '../support/uploads.js';
import { eventually } from '../support/wait.js';

const MIB = 1024 * 1024;

async function contents(storage: Storage): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const key of storage.list('')) {
    const hash = createHash('sha256');
    for await (const chunk of await storage.get(key)) hash.update(chunk as Buffer);
    out.set(key, hash.digest('hex'));
  }
  return out;
}

describe('media migrate: moving an installation between the local folder and a bucket', function () {
  this.timeout(180_000);
  let s3: S3Server;
  let k: TestKernel;
  let local: Storage;
  let bucket: S3Storage;
  let logFile: string;
  const ROOT = process.cwd();
  /** The server keeps its media on the local disk; the bucket is named for the copy. */
  const toS3Env = () => ({ ...s3.envFor('moving', 'site/'), MEDIA_STORAGE: 'local' });
  const migrate = (args: string[], env: Record<string, string>, dataDir?: string) =>
    runCli(dataDir ? { ...k, dataDir } : k, ['media', 'migrate', ...args], env, 120_000);

  before(async function () {
    this.timeout(180_000);
    s3 = await startS3Server({ buckets: ['moving'] });
    k = await bootTestKernel({ plugins: coreModules, role: 'web' });
    local = (k.containerOf('media').cradle as MediaDeps).storage;
    bucket = new S3Storage(s3.configFor('moving', 'site/'));
    logFile = join(k.dataDir, 'media-migrate-to-s3.log');
    const owner = await setUpOwner(k);
    // Files as the modules store them: uploaded assets, and others (form images, previews) put directly.
    for (const name of ['one.png', 'two.png']) expect((await uploadFile(k, owner, name, await makePng(300, 200), 'image/png')).res.status).to.equal(200);
    for (let i = 0; i < 24; i++) await local.put(`forms/f1/image-${String(i).padStart(2, '0')}`, Readable.from([randomBytes(2 * MIB)]));
  });
  after(async () => {
    await k?.stop();
    await s3?.stop();
  });

  it('reads where to and its state file, and nothing else', () => {
    expect(parseMigrateArgs(['--to', 's3'])).to.deep.equal({ to: 's3' });
    expect(parseMigrateArgs(['--to=local', '--state', '/tmp/x'])).to.deep.equal({ to: 'local', state: '/tmp/x' });
    expect(() => parseMigrateArgs([])).to.throw('--to s3 or --to local');
    expect(() => parseMigrateArgs(['--to', 'ftp'])).to.throw('--to s3 or --to local');
    expect(() => parseMigrateArgs(['--to', 's3', '--delete'])).to.throw('unknown argument --delete');
  });

  it('resumes a copy that was killed mid-way, copying only the rest, and verifies every file', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'jobs/cli.ts', 'media', 'migrate', '--to', 's3'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: k.databaseUrl, DATA_DIR: k.dataDir, LOG_LEVEL: 'warn', ...toS3Env() },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Killed once some files are recorded as copied, as an operator's Ctrl-C or a lost session would.
    await eventually(
      () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length : 0),
      (n) => n >= 3,
      60_000,
      20,
    );
    child.kill('SIGKILL');
    await exited;
    const before = readFileSync(logFile, 'utf8').split('\n').filter(Boolean).length;
    const total = (await contents(local)).size;
    expect(before).to.be.below(total);

    const resumed = await migrate(['--to', 's3'], toS3Env());
    expect(resumed.code, resumed.stderr + resumed.stdout).to.equal(0);
    const copied = Number(/Copied (\d+) file/.exec(resumed.stdout)?.[1]);
    expect(copied).to.be.within(total - before, total - before + 1); // the file in flight may be copied again
    expect(resumed.stdout).to.match(/Pass 1: \d+ file\(s\)/);
    expect(resumed.stdout).to.contain('Next: set MEDIA_STORAGE=s3 on every server process and restart them');
    expect(await contents(bucket)).to.deep.equal(await contents(local));
  });

  it('copies nothing on a second run, and a file changed since then again', async () => {
    const again = await migrate(['--to', 's3'], toS3Env());
    expect(again.code, again.stderr).to.equal(0);
    expect(again.stdout).to.match(/Copied 0 file\(s\) .* 26 already there, 0 failed/);
    await local.put('forms/f1/image-03', Readable.from([Buffer.from('edited')]));
    const changed = await migrate(['--to', 's3'], toS3Env());
    expect(changed.stdout).to.match(/Copied 1 file\(s\)/);
    expect(await contents(bucket)).to.deep.equal(await contents(local));
  });

  it('copies back from the bucket into an empty folder on another host', async () => {
    const host = mkdtempSync(join(tmpdir(), 'signage-migrate-host-'));
    try {
      copyFileSync(join(k.dataDir, 'secrets.key'), join(host, 'secrets.key')); // hosts of one installation share their keys
      const back = await migrate(['--to', 'local'], s3.envFor('moving', 'site/'), host);
      expect(back.code, back.stderr + back.stdout).to.equal(0);
      expect(back.stdout).to.contain('Next: set MEDIA_STORAGE=local');
      expect(await contents(new LocalDiskStorage(join(host, 'media')))).to.deep.equal(await contents(local));
    } finally {
      rmSync(host, { recursive: true, force: true });
    }
  });
});

describe('media migrate: what stops a key or the whole copy', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'signage-migrate-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a copy that reads back different bytes, records it nowhere and copies the other keys', async () => {
    const source = new LocalDiskStorage(join(dir, 'from'));
    /** A store whose copy of `b` comes back altered. */
    const target = new (class extends LocalDiskStorage {
      override async get(key: string) {
        return key === 'b' ? Readable.from([Buffer.from('altered')]) : super.get(key);
      }
    })(join(dir, 'to'));
    for (const key of ['a', 'b', 'c']) await source.put(key, Readable.from([Buffer.from(`bytes of ${key}`)]));
    const lines: string[] = [];
    const log = new CopyLog(join(dir, 'state.log'));
    const summary = await migrateMedia(source, target, log, new MigrationProgress({ line: (text) => lines.push(text) }));
    expect(summary).to.include({ copied: 2, skipped: 0 });
    expect(summary.failed).to.deep.equal([{ key: 'b', reason: 'the copy reads back different bytes' }]);
    expect(lines).to.include('  failed: b: the copy reads back different bytes');
    expect(log.has('b', { size: 10, modifiedAt: (await source.stat('b'))!.modifiedAt.getTime() })).to.equal(false);
  });

  it('stops before copying anything when the target cannot be written, naming it', async () => {
    const notAFolder = join(dir, 'data');
    writeFileSync(notAFolder, '');
    const config = {
      raw: { S3_BUCKET: 'moving', S3_REGION: 'us-east-1' },
      dataDir: notAFolder,
      mediaStorage: { kind: 's3' },
    } as unknown as KernelDeps['config'];
    const error = await migrateCommands[0]!
      .run(['--to', 'local'], { config }, () => {})
      .then(
        () => null,
        (err: Error) => err,
      );
    expect(error?.message).to.match(new RegExp(`^${join(notAFolder, 'media')} cannot be written: `));
  });
});
