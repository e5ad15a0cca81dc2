import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BenchKernel } from './support.js';

/** How many sockets fit: the server and the client are separate processes, each holding one descriptor per socket. */
export function socketBudget(wanted: number): { n: number; limit: number } {
  // Node cannot read RLIMIT_NOFILE; a shell it starts inherits it and can.
  let limit = 0;
  try {
    limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || 0;
  } catch {
    // unknown: try the full count
  }
  // Leave room for PostgreSQL connections, log files and the module loader.
  if (limit) return { n: Math.min(wanted, limit - 500), limit };
  return { n: wanted, limit: 0 };
}

// The clients live in a child process: in this one their buffers would count as the server's RSS.
// Plain CommonJS in the temp dir, `ws` required by absolute path. Times are performance.timeOrigin +
// performance.now(), which both processes read from the same wall clock.
const CLIENT = (wsPath: string) => `
const WebSocket = require(${JSON.stringify(wsPath)});
const now = () => performance.timeOrigin + performance.now();
const sockets = []; const received = new Map(); let failures = 0; let firstError = '';
process.on('message', async (msg) => {
  if (msg.type === 'open') {
    const { url, credentials, concurrency } = msg;
    let next = 0; let hellos = 0;
    const openOne = (credential) => new Promise((resolve) => {
      const ws = new WebSocket(url, { headers: { authorization: 'Bearer ' + credential }, perMessageDeflate: false });
      let done = false;
      const finish = (ok, why) => { if (done) return; done = true; if (!ok) { failures++; firstError ||= why; } resolve(); };
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString());
        if (m.type === 'server.hello') { ws.send(JSON.stringify({ type: 'player.hello', protocolVersion: 1 })); hellos++; finish(true); }
        else if (m.type === 'manifest.changed' && !received.has(ws)) received.set(ws, now());
      });
      ws.on('error', (e) => finish(false, e.message));
      ws.on('close', (code) => finish(false, 'closed ' + code));
      sockets.push(ws);
    });
    const worker = async () => { while (next < credentials.length) await openOne(credentials[next++]); };
    await Promise.all(Array.from({ length: concurrency }, worker));
    process.send({ type: 'opened', hellos, failures, firstError });
  } else if (msg.type === 'await') {
    received.clear(); // each wait times the change that follows it
    const deadline = now() + msg.timeoutMs;
    const open = () => sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    while (received.size < open() && now() < deadline) await new Promise((r) => setTimeout(r, 20));
    process.send({ type: 'received', times: [...received.values()], open: open() });
  } else if (msg.type === 'close') {
    const closed = sockets.map((s) => new Promise((r) => { if (s.readyState === WebSocket.CLOSED) return r(); s.once('close', r); s.close(1000); }));
    await Promise.race([Promise.all(closed), new Promise((r) => setTimeout(r, msg.timeoutMs))]);
    for (const s of sockets) if (s.readyState !== WebSocket.CLOSED) s.terminate();
    process.send({ type: 'closed' }, () => process.exit(0));
  }
});
`;

/** Starts the client process that opens player sockets and times their messages (see CLIENT). */
export function startSocketClients(server: BenchKernel): ChildProcess {
  const clientPath = join(server.dataDir, 'socket-clients.cjs');
  writeFileSync(clientPath, CLIENT(createRequire(import.meta.url).resolve('ws')));
  return fork(clientPath, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** Sends the client process a message and waits for the reply of type `reply`. */
export function ask<T>(child: ChildProcess, message: object, reply: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`client process did not answer ${reply} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onMessage = (m: { type: string }) => {
      if (m.type !== reply) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Opens one player socket per credential in the client process; throws when any fails to open. */
export async function openAll(child: ChildProcess, server: BenchKernel, credentials: string[], concurrency: number): Promise<void> {
  const url = `${server.url.replace(/^http/, 'ws')}/api/v1/player/socket`;
  const opened = await ask<{ hellos: number; failures: number; firstError: string }>(child, { type: 'open', url, credentials, concurrency }, 'opened', 180_000);
  if (opened.failures) throw new Error(`${opened.failures} of ${credentials.length} sockets failed to open (first: ${opened.firstError})`);
}

/** When each open socket first heard `manifest.changed` (epoch ms), and how many are open. */
/** Sent before the change it times: resolves with each socket's time of its next manifest.changed. */
export const awaitManifestChanged = (child: ChildProcess, timeoutMs: number) =>
  ask<{ times: number[]; open: number }>(child, { type: 'await', timeoutMs }, 'received', timeoutMs + 10_000);

/** Closes every socket and waits (briefly) for the client process to exit. */
export async function closeAll(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => (child.exitCode === null ? child.once('exit', () => resolve()) : resolve()));
  await ask(child, { type: 'close', timeoutMs: 30_000 }, 'closed', 40_000);
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
}
