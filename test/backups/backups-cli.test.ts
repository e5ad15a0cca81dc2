import { join } from 'node:path';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner } from '../support/console-client.js';
import { runCli } from '../support/cli.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('backups on the command line', function () {
  // Each step starts the CLI (a process booting the server's modules) once or twice.
  this.timeout(120_000);
  let k: TestKernel;
  let fileName: string;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    const owner = await setUpOwner(k);
    await consoleCall(k, owner, 'POST', '/api/v1/playlists', { name: 'Kept by the archive' });
  });
  after(() => k?.stop());

  it('creates a backup, showing its progress, and lists it', async () => {
    const created = await runCli(k, ['backups', 'create']);
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.match(/^database_snapshot \d+%$/m);
    expect(created.stdout).to.match(/^verifying \d+%$/m);
    fileName = /signage-backup-\S+\.tar/.exec(created.stdout)![0];
    const listed = await runCli(k, ['backups', 'list']);
    expect(listed.stdout).to.include(`${fileName}  manual  complete  verified`);
  });

  it('verifies a backup named by its file name, and fails for an unknown one', async () => {
    const verified = await runCli(k, ['backups', 'verify', fileName]);
    expect(verified.code, verified.stderr).to.equal(0);
    expect(verified.stdout).to.include(`${fileName} is intact.`);
    const unknown = await runCli(k, ['backups', 'verify', 'nothing.tar']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.include('no backup nothing.tar');
  });

  it('restores a backup file, undoing what changed since', async () => {
    await k
      .db('playlists')
      .insert({ id: '00000000-0000-4000-8000-0000000000aa', name: 'Made after the backup' })
      .catch(() => {});
    const restored = await runCli(k, ['backups', 'restore', join(k.dataDir, 'backups', fileName)]);
    expect(restored.code, restored.stderr).to.equal(0);
    expect(restored.stdout).to.match(/^restoring_database \d+%$/m);
    expect(restored.stdout).to.include(`Restored ${fileName}.`);
    expect(await k.db('playlists').pluck('name')).to.deep.equal(['Kept by the archive']);
  });
});
