import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * Kills `target` (a pid, or a process group as its negative pgid) if this process ends first,
 * however it ends, SIGKILL included: Node has no PR_SET_PDEATHSIG, so a small `sh` reads a pipe
 * whose only writer is this process. The kernel closes our end when we die, its `read` returns
 * with nothing, and it kills the target; `release()` (the target exited) tells it "done" instead.
 * The watcher has its own session, so a signal to this process's group does not take it first.
 */
export function killWithThisProcess(target: number): () => void {
  if (process.platform === 'win32') return () => {};
  const watcher = spawn('/bin/sh', ['-c', 'IFS= read -r line; [ "$line" = done ] || kill -9 "$1" 2>/dev/null', 'signage-orphan-guard', String(target)], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watcher.on('error', () => {}); // no sh: the guard is lost, the run goes on
  watcher.stdin!.on('error', () => {});
  // It must never keep this process alive.
  watcher.unref();
  (watcher.stdin as unknown as Socket).unref(); // a pipe to a child is a net.Socket
  let released = false;
  return () => {
    if (released) return;
    released = true;
    watcher.stdin!.end('done\n');
  };
}
