import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../kernel/net.js';

/**
 * Real server processes for end-to-end tests: `node --import tsx jobs/<script>.ts` as the npm
 * scripts run them, each in its own process group, and their cleanup.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Settings a developer's shell might carry that would change what these tests start.
const CONFIG_VARS = [
  'DATABASE_URL',
  'PORT',
  'HOST',
  'PUBLIC_URL',
  'DATA_DIR',
  'LOG_LEVEL',
  'SIGNAGE_ENV',
  'TRUST_PROXY',
  'SHUTDOWN_GRACE_SECONDS',
  'NODE_OPTIONS',
  'MEDIA_STORAGE',
  'MEDIA_DOWNLOADS',
  'S3_BUCKET',
  'S3_PREFIX',
  'S3_ENDPOINT',
];

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Server {
  child: ChildProcess;
  pid: number;
  port: number;
  dataDir: string;
  url: string;
  stdout: () => string;
  stderr: () => string;
  output: () => string;
  /** Parsed pino lines from stdout (non-JSON lines are skipped). */
  logs: () => Record<string, unknown>[];
  exit: Promise<Exit>;
  spawnedAt: number;
}

const servers: Server[] = [];
const dataDirs: string[] = [];

/** A DATA_DIR of its own, removed by `stopServers`. */
export function makeDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'signage-process-'));
  chmodSync(dir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  dataDirs.push(dir);
  return dir;
}

function childEnv(dataDir: string, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARS) delete env[name];
  return { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '5', ...extra };
}

/**
 * Starts `jobs/<script>.ts` as `npm start` (or `npm run web`, `npm run worker`) does, on `dataDir`,
 * with the environment of a clean shell plus `extra`.
 */
export async function startServer(dataDir: string, extra: Record<string, string> = {}, { script = 'server', args = [] as string[] } = {}): Promise<Server> {
  const port = await freePort();
  const spawnedAt = Date.now();
  // Detached: its own process group, so cleanup can kill whatever it started (initdb, tools).
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'jobs', `${script}.ts`), ...args], {
    cwd: ROOT,
    env: childEnv(dataDir, port, extra),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let both = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => {
    out += c;
    both += c;
  });
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    err += c;
    both += c;
  });
  // 'close' (not 'exit'): both pipes are drained, so the output is complete when this resolves.
  const exit = new Promise<Exit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const server: Server = {
    child,
    pid: child.pid!,
    port,
    dataDir,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    output: () => both,
    logs: () =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exit,
    spawnedAt,
  };
  servers.push(server);
  return server;
}

export const running = (s: Server) => s.child.exitCode === null && s.child.signalCode === null;

export async function exitWithin(s: Server, ms: number): Promise<Exit> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`server pid ${s.pid} did not exit within ${ms} ms; output:\n${s.output()}`)), ms);
  });
  try {
    return await Promise.race([s.exit, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls GET /readyz until 200; returns ms since the process was spawned. */
export async function waitReady(s: Server, ms: number): Promise<number> {
  const deadline = s.spawnedAt + ms;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!running(s)) throw new Error(`server exited (code ${s.child.exitCode}, signal ${s.child.signalCode}) before it was ready; output:\n${s.output()}`);
    try {
      const res = await fetch(`${s.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      const text = await res.text();
      if (res.status === 200) return Date.now() - s.spawnedAt;
      last = `${res.status} ${text}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`GET /readyz did not answer 200 within ${ms} ms of spawning (last: ${last}); output:\n${s.output()}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pids of postgres processes whose command line names this DATA_DIR (zombies have none). */
export function postgresPids(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue; // exited while we looked
    }
    if (!argv.length) continue;
    const isPostgres = basename(argv[0]!) === 'postgres' || argv[0]!.startsWith('postgres:');
    if (isPostgres && argv.join(' ').includes(dataDir)) pids.push(Number(entry));
  }
  return pids;
}

export function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

/** Kills every server started here (its whole process group), then any postgres left on their DATA_DIRs, and removes those. */
export async function stopServers(): Promise<void> {
  for (const s of servers.splice(0)) {
    if (running(s)) {
      signal(-s.pid, 'SIGKILL');
      await exitWithin(s, 5_000).catch(() => {});
    }
  }
  for (const dir of dataDirs.splice(0)) {
    let pids = postgresPids(dir);
    for (const pid of pids) signal(pid, 'SIGQUIT');
    const deadline = Date.now() + 5_000;
    // A zombie has an empty command line, so this only waits for processes that still run.
    for (pids = postgresPids(dir); pids.length && Date.now() < deadline; pids = postgresPids(dir)) await sleep(50);
    for (const pid of pids) signal(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}
