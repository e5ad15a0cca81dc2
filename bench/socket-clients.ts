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
