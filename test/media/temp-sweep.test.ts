import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authModule } from '../../core-modules/auth/auth.plugin.js';
import { consoleEventsModule } from '../../core-modules/console-events/console-events.plugin.js';
import { dependencyGraphModule } from '../../core-modules/dependency-graph/dependency-graph.plugin.js';
import { mediaModule } from '../../core-modules/media/media.plugin.js';
import { notificationsModule } from '../../core-modules/notifications/notifications.plugin.js';
import { settingsModule } from '../../core-modules/settings/settings.plugin.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const startTicks = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};

describe('a start sweeps the temporary files of stopped processes', function () {
  this.timeout(60_000);
  const scratch = mkdtempSync(join(tmpdir(), 'temp-sweep-test-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'temp-sweep-data-'));
  let other: ChildProcess | undefined;
  let k: TestKernel | undefined;
  after(async () => {
    other?.kill('SIGKILL');
    await k?.stop();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes work folders of dead owners and stale storage temp files, and keeps live processes’ and fresh ones', async function () {
    if (process.platform !== 'linux') this.skip();
    const dead = spawn('true');
    await new Promise((r) => dead.once('exit', r));
    other = spawn('sleep', ['60']); // another server process on this machine, mid-job
    const hoursAgo = (path: string, hours: number) => utimesSync(path, new Date(Date.now() - hours * 3600_000), new Date(Date.now() - hours * 3600_000));
    const folders = {
      deadOwner: `signage-media-${dead.pid}-${startTicks(process.pid)}-aB3dE6`,
      liveOther: `signage-media-${other.pid}-${startTicks(other.pid!)}-Qw12Er`,
      self: `signage-media-${process.pid}-${startTicks(process.pid)}-Zx98Cv`,
      // The pid now names a process started at another time: its owner is gone.
      reusedPid: `signage-media-${other.pid}-1-Ty45Ui`,
      unownedOld: 'signage-media-Gh67Jk',
      unownedFresh: 'signage-media-Lm89No',
      unrelated: 'signage-media-files-Pq12Rs',
    };
    for (const name of Object.values(folders)) {
      mkdirSync(join(scratch, name));
      writeFileSync(join(scratch, name, 'original.mp4'), 'x');
    }
    hoursAgo(join(scratch, folders.unownedOld), 30);
    hoursAgo(join(scratch, folders.deadOwner), 30); // age does not matter for a named owner
    writeFileSync(join(scratch, 'signage-media-import.json'), '{}');
    const temp = join(dataDir, 'media', '.tmp');
    mkdirSync(temp, { recursive: true });
    writeFileSync(join(temp, 'interrupted'), 'x');
    hoursAgo(join(temp, 'interrupted'), 2);
    writeFileSync(join(temp, 'being-written'), 'x');

    const tmpBefore = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    try {
      k = await bootTestKernel({
        plugins: [settingsModule, authModule, consoleEventsModule, dependencyGraphModule, notificationsModule, mediaModule],
        role: 'web',
        dataDir,
      });
    } finally {
      if (tmpBefore === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmpBefore;
    }

    expect(readdirSync(scratch).sort()).to.deep.equal(
      [folders.liveOther, folders.self, folders.unownedFresh, folders.unrelated, 'signage-media-import.json'].sort(),
    );
    expect(readdirSync(temp)).to.deep.equal(['being-written']);
    const line = k.logs.find((l) => l.msg === 'removed temporary files left by stopped processes');
    expect(line?.workDirs).to.have.members([folders.deadOwner, folders.reusedPid, folders.unownedOld]);
    expect(line?.storageTemp).to.deep.equal(['interrupted']);
  });
});
