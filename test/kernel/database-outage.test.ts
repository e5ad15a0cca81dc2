import { expect } from 'chai';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import WebSocket from 'ws';
import { unauthenticated } from '../../kernel/errors.js';
import { loadConfig } from '../../kernel/config.js';
import { startEmbeddedPostgres } from '../../kernel/db/embedded-postgres.js';
import { postgresLogWriter } from '../../kernel/db/postgres-log.js';
import { startKernel, type Kernel, type KernelDeps } from '../../kernel/kernel.js';
import { createLogger } from '../../kernel/logger.js';
import { definePlugin } from '../../kernel/plugin.js';
import { notesPlugin, type NotesDeps } from '../fixtures/notes-plugin/notes.plugin.js';
import { responseChecker, type OpenApiDoc } from '../support/response-conformance.js';
import { eventually } from '../support/wait.js';

/**
 * A kernel on its own embedded PostgreSQL (no DATABASE_URL), whose postmaster the tests kill: the
 * suite's shared server is not touched.
 */

type Line = Record<string, unknown>;

function logSink(): { lines: Line[]; logger: ReturnType<typeof createLogger> } {
  const lines: Line[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger('info', sink) };
}

function makeDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'signage-outage-'));
  chmodSync(dir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  return dir;
}

const postmasterPid = (pgdata: string) => Number(readFileSync(join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function killPostmaster(pgdata: string): Promise<number> {
  const pid = postmasterPid(pgdata);
  process.kill(pid, 'SIGKILL');
  expect(
    await eventually(
      () => alive(pid),
      (a) => !a,
      5_000,
      10,
    ),
    'the postmaster is gone',
  ).to.equal(false);
  return pid;
}

/** A player credential check that reads the database, as the screens module's does. */
const playerCheck = definePlugin<KernelDeps>({
  name: 'player-check',
  register(r) {
    r.authenticator('player', ({ db }) => ({
      async authenticate() {
        await db.raw('SELECT 1');
        throw unauthenticated('device_credential_invalid', 'Unknown device credential.');
      },
    }));
  },
});

function upgradeStatus(url: string): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { authorization: 'Bearer device-token' } });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => (body += c)).on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'], body }));
    });
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
    ws.once('error', () => {});
  });
}

describe('an embedded PostgreSQL that dies under a running server', function () {
  this.timeout(120_000);
  let kernel: Kernel;
  let url: string;
  let dataDir: string;
  let lines: Line[];
  const printed: string[] = [];
  const consoleLog = console.log;

  before(async () => {
    dataDir = makeDataDir();
    const sink = logSink();
    lines = sink.lines;
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '2' });
    let document: OpenApiDoc | undefined;
    // Whatever knex or pg-boss would print themselves instead of logging.
    console.log = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
    kernel = await startKernel({
      config,
      plugins: [notesPlugin, playerCheck],
      logger: sink.logger,
      jobPollingIntervalSeconds: 0.5,
      socketPingIntervalMs: 1_000,
      onResponse: responseChecker(() => document),
    });
    document = kernel.containerOf('kernel').resolve<() => OpenApiDoc>('apiDocument')();
    url = kernel.url!;
  });

  after(async () => {
    console.log = consoleLog;
    await kernel?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(url + path);

  it('answers 503 database_unavailable with Retry-After while it is down (requests, socket upgrades, /healthz, /readyz), then restarts it and serves again', async () => {
    const pgdata = join(dataDir, 'postgres', 'data');
    expect((await get('/api/v1/notes')).status).to.equal(200);
    expect((await get('/healthz')).status).to.equal(200);
    expect((await get('/readyz')).status).to.equal(200); // also caches the media tool checks
    const socketUrl = `${url.replace(/^http/, 'ws')}/api/v1/notes/player-socket`;
    expect((await upgradeStatus(socketUrl)).status, 'the credential check reads the database').to.equal(401);

    // PostgreSQL refuses a data folder others may read: the outage lasts until it is mended.
    chmodSync(pgdata, 0o777);
    const killed = await killPostmaster(pgdata);
    const [list, add, ready, upgrade] = await Promise.all([
      get('/api/v1/notes'),
      fetch(`${url}/api/v1/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"during"}' }),
      get('/readyz'),
      upgradeStatus(socketUrl),
    ]);
    // Its answer is shared for 2 s.
    const health = await eventually(
      () => get('/healthz'),
      (res) => res.status === 503,
      5_000,
      200,
    );
    // A 500 is logged as an unhandled error: its line names what was not recognised as an outage.
    const unhandled = () => JSON.stringify(lines.filter((l) => l.msg === 'unhandled error'));
    for (const res of [list, add, health]) {
      expect(res.status, `${res.url} ${unhandled()}`).to.equal(503);
      expect(res.headers.get('retry-after'), res.url).to.equal('5');
      expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('database_unavailable');
    }
    expect(ready.status).to.equal(503);
    const readiness = (await ready.json()) as { error: { code: string; details: { checks: Record<string, string> } } };
    expect(readiness.error.code).to.equal('not_ready');
    expect(readiness.error.details.checks.database).not.to.equal('ok');
    expect(upgrade.status).to.equal(503);
    expect(upgrade.retryAfter).to.equal('5');
    expect(JSON.parse(upgrade.body).error.code).to.equal('database_unavailable');

    const failed = await eventually(
      () => lines.filter((l) => l.msg === 'restarting the embedded PostgreSQL failed'),
      (found) => found.length > 0,
      10_000,
    );
    expect(failed[0], 'a failed restart is retried').to.include({ level: 50, attempt: 1 });
    chmodSync(pgdata, 0o700);
    // Restarted in place: the same address, so the pool, pg-boss and the hub's listener find it again.
    const back = await eventually(
      async () => (await get('/api/v1/notes')).status,
      (s) => s === 200,
      45_000,
      200,
    );
    expect(back, 'requests succeed again within 45 s').to.equal(200);
    expect(postmasterPid(pgdata)).not.to.equal(killed);
    expect(
      await eventually(
        async () => (await get('/healthz')).status,
        (s) => s === 200,
        5_000,
        200,
      ),
    ).to.equal(200);
    expect(
      await eventually(
        async () => (await get('/readyz')).status,
        (s) => s === 200,
        5_000,
        200,
      ),
    ).to.equal(200);

    const deps = kernel.containerOf('notes').cradle as NotesDeps;
    await deps.jobs.send('notes.record-note', { text: 'after the restart' });
    const fromJob = await eventually(
      () => kernel.db('notes_items').where({ source: 'job:all' }).pluck('text'),
      (texts) => texts.length > 0,
      15_000,
    );
    expect(fromJob, 'pg-boss runs jobs again').to.deep.equal(['after the restart']);

    const heard: unknown[] = [];
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/v1/notes/socket/outage`);
    ws.on('message', (data) => heard.push(JSON.parse(String(data))));
    await new Promise((resolve) => ws.once('open', resolve));
    try {
      // The hub's listener reconnects with a backoff of up to 10 s.
      const delivered = await eventually(
        async () => {
          await deps.hub.publish('notes:outage', { type: 'ping' });
          return heard.filter((m) => (m as { type: string }).type === 'ping').length;
        },
        (n) => n > 0,
        20_000,
        500,
      );
      expect(delivered, 'the hub listens again').to.be.greaterThan(0);
    } finally {
      ws.close();
    }

    const stopped = lines.find((l) => l.msg === 'the embedded PostgreSQL stopped unexpectedly (signal SIGKILL); restarting it');
    expect(stopped, 'why it restarts').to.include({ level: 50, signal: 'SIGKILL', exitCode: null });
    expect(stopped!.lastMessages).to.be.an('array').that.is.not.empty;
    expect(lines.find((l) => l.msg === 'the embedded PostgreSQL is running again')?.level).to.equal(40);
  });

  it('logs pool and job-queue failures as throttled JSON lines, never printed raw, and PostgreSQL’s own at info and above', () => {
    expect(printed.filter((p) => /Acquire connection error|Connection Error/.test(p))).to.deep.equal([]);
    const acquire = lines.filter((l) => l.component === 'knex' && String(l.msg).startsWith('Acquire connection error'));
    expect(acquire.length, 'one line per distinct error').to.be.within(1, new Set(acquire.map((l) => l.msg)).size);
    const queue = lines.filter((l) => l.component === 'pg-boss');
    expect(queue.length, 'one line per distinct error').to.equal(new Set(queue.map((l) => l.msg)).size);
    const recovery = lines.find((l) => l.component === 'postgres' && String(l.msg).includes('automatic recovery in progress'));
    expect(recovery, 'PostgreSQL’s crash recovery, logged at info').to.include({ level: 30, severity: 'LOG' });
  });
});

describe('an embedded PostgreSQL that cannot be restarted', function () {
  this.timeout(60_000);

  it('is given up after the last restart fails, with a fatal line, and stops at once', async () => {
    const root = join(makeDataDir(), 'postgres');
    const { lines, logger } = logSink();
    let gaveUp = 0;
    const embedded = await startEmbeddedPostgres(root, logger, { onGiveUp: () => gaveUp++, restartDelaysMs: [100, 200] });
    try {
      // PostgreSQL refuses a data folder others may read: every restart fails.
      chmodSync(join(root, 'data'), 0o777);
      await killPostmaster(join(root, 'data'));
      expect(
        await eventually(
          () => gaveUp,
          (n) => n > 0,
          30_000,
        ),
      ).to.equal(1);
      const failed = lines.filter((l) => l.msg === 'restarting the embedded PostgreSQL failed');
      expect(failed.map((l) => l.attempt)).to.deep.equal([1, 2]);
      expect(String(failed[0]!.reason)).to.contain('invalid permissions');
      expect(lines.find((l) => l.level === 60)).to.include({ msg: 'the embedded PostgreSQL could not be restarted (2 attempts); giving up' });
      const started = Date.now();
      await embedded.stop();
      expect(Date.now() - started).to.be.below(1_000);
    } finally {
      await embedded.stop();
      rmSync(join(root, '..'), { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL’s own messages', () => {
  it('are logged at their severity’s level (details with their message), refusals while it starts at debug, a repeated one once a minute', () => {
    const { lines, logger } = logSink();
    const write = postgresLogWriter(logger);
    for (const line of [
      '2026-11-27 10:00:00.000 UTC [7] LOG:  database system is ready to accept connections',
      '2026-11-27 10:00:01.000 UTC [8] ERROR:  duplicate key value violates unique constraint "notes_pkey"',
      '2026-11-27 10:00:01.000 UTC [8] DETAIL:  Key (id)=(1) already exists.',
      '2026-11-27 10:00:02.000 UTC [9] FATAL:  the database system is starting up',
      '2026-11-27 10:00:03.000 UTC [10] WARNING:  could not flush dirty data: Input/output error',
      '2026-11-27 10:00:04.000 UTC [11] FATAL:  terminating connection due to unexpected postmaster exit',
      '2026-11-27 10:00:04.000 UTC [12] FATAL:  terminating connection due to unexpected postmaster exit',
      '2026-11-27 10:00:05.000 UTC [7] PANIC:  could not write to file "pg_wal/xlogtemp.7": No space left on device',
    ]) {
      write(line);
    }
    expect(lines.map((l) => [l.level, l.severity, l.msg])).to.deep.equal([
      [30, 'LOG', 'database system is ready to accept connections'],
      [40, 'ERROR', 'duplicate key value violates unique constraint "notes_pkey"'],
      [40, 'DETAIL', 'Key (id)=(1) already exists.'],
      [40, 'WARNING', 'could not flush dirty data: Input/output error'],
      [40, 'FATAL', 'terminating connection due to unexpected postmaster exit'],
      [50, 'PANIC', 'could not write to file "pg_wal/xlogtemp.7": No space left on device'],
    ]);
    expect(lines[0]).to.include({ component: 'postgres', postgresPid: 7 });
  });
});
