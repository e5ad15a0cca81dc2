import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeH264Mp4 } from '../support/media-files.js';
import { eventually } from '../support/wait.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOLDER = join(ROOT, 'test', 'fixtures', 'media-children', 'holder.ts');

/** pid → [parent pid, command name, state] of every process, from /proc. */
function processes(): Map<number, { ppid: number; comm: string; state: string }> {
  const found = new Map<number, { ppid: number; comm: string; state: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.set(Number(name), { ppid: Number(ppid), comm, state: state! });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A zombie has finished; only a reaper's wait is missing. */
const alive = (pid: number) => {
  const p = processes().get(pid);
  return p !== undefined && p.state !== 'Z';
};

describe('media tools die with the process that ran them', function () {
  this.timeout(60_000);
  const scratch = mkdtempSync(join(tmpdir(), 'media-children-test-'));
  let holder: ChildProcess | undefined;
  after(() => {
    if (holder?.exitCode === null && holder.signalCode === null) holder.kill('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('a SIGKILLed process leaves no ffmpeg, and no ffprobe (nor what its wrapper started), behind', async function () {
    if (process.platform !== 'linux') this.skip();
    const input = join(scratch, 'clip.mp4');
    writeFileSync(input, await makeH264Mp4(1));
    const slowProbe = join(scratch, 'slow-probe');
    writeFileSync(slowProbe, '#!/bin/sh\nsleep 300 &\nwait\n');
    chmodSync(slowProbe, 0o755);

    // Its own process group: the kill below reaches the holder alone, as a kill -9 of the server does.
    holder = spawn(process.execPath, ['--import', 'tsx', HOLDER, input, slowProbe], { cwd: ROOT, detached: true, stdio: 'ignore' });
    const holderPid = holder.pid!;
    const tools = await eventually(
      () => {
        const all = processes();
        const children = [...all].filter(([, p]) => p.ppid === holderPid);
        const ffmpeg = children.find(([, p]) => p.comm === 'ffmpeg')?.[0];
        const probe = children.find(([, p]) => p.comm === 'slow-probe')?.[0];
        const sleeper = [...all].find(([, p]) => p.ppid === probe && p.comm === 'sleep')?.[0];
        return { ffmpeg, probe, sleeper };
      },
      (t) => Boolean(t.ffmpeg && t.probe && t.sleeper),
      30_000,
      100,
    );
    expect(tools.ffmpeg, 'ffmpeg started').to.be.a('number');
    expect(tools.sleeper, 'the probe wrapper started its child').to.be.a('number');
    await new Promise((r) => setTimeout(r, 500)); // ffmpeg is under way

    process.kill(holderPid, 'SIGKILL');
    const killedAt = Date.now();
    const pids = [tools.ffmpeg!, tools.probe!, tools.sleeper!];
    const left = await eventually(
      () => pids.filter(alive),
      (l) => l.length === 0,
      5_000,
      20,
    );
    expect(left, 'still running 5 s after the kill').to.deep.equal([]);
    console.log(`      media tools gone ${Date.now() - killedAt} ms after their parent was SIGKILLed`);
  });
});
