import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { exitWithin, makeDataDir, postgresPids, running, type Server, signal, sleep, startServer, stopServers, waitReady } from '../support/server-process.js';

/**
 * End to end: the real server process as `npm start` runs it (`node --import tsx jobs/server.ts`),
 * each test on its own DATA_DIR with the embedded PostgreSQL, driven by signals.
 */

/** Connection string of a running server's embedded database, from its log and password file. */
function embeddedDbUrl(s: Server): string {
  const line = s.logs().find((l) => l.msg === 'embedded PostgreSQL is running');
  expect(line, 'log line "embedded PostgreSQL is running"').to.exist;
  const password = readFileSync(join(s.dataDir, 'postgres', 'password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${line!.port}/signage`;
}

async function withDb<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const messages = (s: Server) => s.logs().map((l) => l.msg);

/** SIGKILLs the embedded postmaster (its pid from `postmaster.pid`) and waits until it is gone. */
async function killPostmaster(s: Server): Promise<number> {
  const pid = Number(readFileSync(join(s.dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  signal(pid, 'SIGKILL');
  const deadline = Date.now() + 5_000;
  while (postgresPids(s.dataDir).includes(pid) && Date.now() < deadline) await sleep(10);
  expect(postgresPids(s.dataDir), 'the postmaster is gone').not.to.include(pid);
  return pid;
}

describe('server process (node --import tsx jobs/server.ts)', function () {
  // Liveness bounds, not speed (that is `npm run bench -- startup`): a first start initialises PostgreSQL and
  // migrates every module, which takes several times longer on a loaded 2-core machine.
  this.timeout(240_000);

  afterEach(async function () {
    this.timeout(30_000);
    // Whatever happened in the test: kill every server's process group, then any postgres left.
    await stopServers();
  });

  describe('configuration errors', () => {
    const cases: [string, Record<string, string>][] = [
      ['PORT', { PORT: 'abc' }],
      ['SIGNAGE_ENV', { SIGNAGE_ENV: 'staging' }],
      ['PUBLIC_URL', { PUBLIC_URL: 'ftp://x' }],
      ['S3_BUCKET', { MEDIA_STORAGE: 's3' }],
      ['MEDIA_DOWNLOADS', { MEDIA_DOWNLOADS: 'redirect' }],
      // A bucket that cannot be reached stops the start before any database is started.
      [
        'signage-media',
        {
          MEDIA_STORAGE: 's3',
          S3_BUCKET: 'signage-media',
          S3_ENDPOINT: 'http://127.0.0.1:9',
          S3_FORCE_PATH_STYLE: 'true',
          AWS_ACCESS_KEY_ID: 'key',
          AWS_SECRET_ACCESS_KEY: 'secret',
        },
      ],
    ];
    for (const [name, env] of cases) {
      it(`exits 78 with one stderr line naming ${name}, without a stack trace`, async () => {
        const s = await startServer(makeDataDir(), env);
        const { code, signal } = await exitWithin(s, 40_000);
        expect(signal, 'killed by a signal').to.equal(null);
        expect(code, s.output()).to.equal(78);
        const lines = s
          .stderr()
          .split('\n')
          .filter((l) => l.trim() !== '');
        expect(lines, s.stderr()).to.have.length(1);
        expect(lines[0]).to.match(/^signage-server: configuration error: /);
        expect(lines[0]).to.contain(name);
        const stackLines = s
          .output()
          .split('\n')
          .filter((l) => /^\s+at /.test(l));
        expect(stackLines, 'stack trace lines').to.deep.equal([]);
        expect(existsSync(join(s.dataDir, 'postgres')), 'no database was started').to.equal(false);
      });
    }
  });

  it('starts, stops on SIGTERM without leaving postgres, and restarts fast on the same DATA_DIR keeping data; SIGINT stops too', async () => {
    const dataDir = makeDataDir();
    const first = await startServer(dataDir);
    // How fast is measured by `npm run bench -- startup`; here only that it gets there.
    await waitReady(first, 120_000);
    expect(messages(first)).to.include('initialising the embedded PostgreSQL (first start)');
    expect(postgresPids(dataDir), 'the embedded postmaster runs while the server runs').to.have.length.greaterThan(0);

    const marker = randomBytes(8).toString('hex');
    await withDb(embeddedDbUrl(first), async (c) => {
      await c.query('CREATE TABLE process_test_marker (value text NOT NULL)');
      await c.query('INSERT INTO process_test_marker (value) VALUES ($1)', [marker]);
    });

    first.child.kill('SIGTERM');
    const stopped = await exitWithin(first, 40_000);
    expect(stopped, first.output()).to.deep.equal({ code: 0, signal: null });
    expect(messages(first)).to.include.members(['shutting down', 'stopped']);
    expect(postgresPids(dataDir), 'postgres left running after SIGTERM').to.deep.equal([]);
    expect(existsSync(join(dataDir, 'server.pid')), 'DATA_DIR lock released').to.equal(false);
    expect(existsSync(join(dataDir, 'postgres', 'data', 'PG_VERSION'))).to.equal(true);

    const second = await startServer(dataDir);
    await waitReady(second, 120_000);
    expect(messages(second)).not.to.include('initialising the embedded PostgreSQL (first start)');
    const rows = await withDb(embeddedDbUrl(second), (c) => c.query('SELECT value FROM process_test_marker'));
    expect(rows.rows).to.deep.equal([{ value: marker }]);

    second.child.kill('SIGINT');
    const interrupted = await exitWithin(second, 40_000);
    expect(interrupted, second.output()).to.deep.equal({ code: 0, signal: null });
    expect(postgresPids(dataDir), 'postgres left running after SIGINT').to.deep.equal([]);
  });

  it('refuses a second server on a DATA_DIR in use, and recovers after the first is SIGKILLed', async () => {
    const dataDir = makeDataDir();
    const first = await startServer(dataDir);
    await waitReady(first, 120_000);

    const intruder = await startServer(dataDir);
    const refused = await exitWithin(intruder, 40_000);
    expect(refused.signal).to.equal(null);
    expect(refused.code, intruder.output()).to.be.a('number').and.not.equal(0);
    expect(intruder.output()).to.contain(`DATA_DIR ${dataDir} is in use`);
    // The refused process touched nothing: the first still owns the lock and answers.
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8').trim()).to.equal(String(first.pid));
    expect((await fetch(`${first.url}/readyz`)).status).to.equal(200);

    const orphans = postgresPids(dataDir);
    expect(orphans, 'the embedded postmaster runs').to.have.length.greaterThan(0);
    first.child.kill('SIGKILL');
    expect(await exitWithin(first, 10_000)).to.deep.equal({ code: null, signal: 'SIGKILL' });
    // The crash left both a stale lock and a running postmaster behind.
    expect(existsSync(join(dataDir, 'server.pid')), 'stale DATA_DIR lock').to.equal(true);
    expect(postgresPids(dataDir), 'orphaned postmaster').to.deep.equal(orphans);

    const restarted = await startServer(dataDir);
    await waitReady(restarted, 120_000);
    const recovered = restarted.logs().find((l) => l.msg === 'stopping a PostgreSQL left running by an earlier server process');
    expect(recovered, restarted.output()).to.exist;
    expect(recovered).to.include({ pid: restarted.pid, postmasterPid: orphans[0] });
    expect(
      postgresPids(dataDir).filter((p) => orphans.includes(p)),
      'the orphaned postmaster was stopped',
    ).to.deep.equal([]);
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8').trim()).to.equal(String(restarted.pid));

    restarted.child.kill('SIGTERM');
    expect(await exitWithin(restarted, 40_000), restarted.output()).to.deep.equal({ code: 0, signal: null });
    expect(postgresPids(dataDir), 'postgres left running after SIGTERM').to.deep.equal([]);
  });

  it('stops promptly on SIGTERM while its embedded database is dead', async function () {
    this.timeout(300_000);
    const dataDir = makeDataDir();
    const s = await startServer(dataDir);
    await waitReady(s, 120_000);
    await killPostmaster(s);
    s.child.kill('SIGTERM');
    // Well within the grace (5 s): nothing is in flight, and nothing may wait on the dead server.
    expect(await exitWithin(s, 4_000), s.output()).to.deep.equal({ code: 0, signal: null });
    expect(messages(s)).to.include('stopped');
    expect(postgresPids(dataDir), 'postgres left running').to.deep.equal([]);
    expect(existsSync(join(dataDir, 'server.pid')), 'DATA_DIR lock released').to.equal(false);
  });

  it('exits 69 when its embedded database cannot be restarted, for a service manager to act', async function () {
    this.timeout(400_000); // the start, then five restarts 1 to 15 s apart
    const dataDir = makeDataDir();
    const s = await startServer(dataDir);
    await waitReady(s, 120_000);
    // PostgreSQL refuses a data folder others may read: every restart fails.
    chmodSync(join(dataDir, 'postgres', 'data'), 0o777);
    await killPostmaster(s);
    expect(await exitWithin(s, 60_000), s.output()).to.deep.equal({ code: 69, signal: null });
    expect(s.logs().filter((l) => l.msg === 'restarting the embedded PostgreSQL failed')).to.have.length(5);
    expect(s.logs().find((l) => l.level === 60)).to.include({ msg: 'the embedded PostgreSQL could not be restarted (5 attempts); giving up' });
    expect(s.stderr(), 'nothing printed outside the JSON log').to.equal('');
    expect(postgresPids(dataDir), 'postgres left running').to.deep.equal([]);
    expect(existsSync(join(dataDir, 'server.pid')), 'DATA_DIR lock released').to.equal(false);
  });

  it('lets a request in flight at SIGTERM finish with a complete 200', async () => {
    const dataDir = makeDataDir();
    const s = await startServer(dataDir);
    await waitReady(s, 120_000);

    // One keep-alive connection: a first full exchange proves the server has accepted it, then
    // the second request is begun before SIGTERM and completed after it.
    const socket = connect(s.port, '127.0.0.1');
    socket.setEncoding('utf8');
    let received = '';
    socket.on('data', (c: string) => (received += c));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const deadline = Date.now() + 5_000;
    while (!received.includes('"ok"') && Date.now() < deadline) await sleep(10);
    expect(received).to.match(/^HTTP\/1\.1 200 /);
    received = '';

    socket.write('GET /readyz HTTP/1.1\r\nHost: localhost\r\n');
    await sleep(300); // the server has read the request line: the connection is no longer idle
    s.child.kill('SIGTERM');
    await sleep(300); // shutdown is under way (listener closed, idle connections swept)
    expect(running(s), 'the server waits for the request in flight').to.equal(true);
    socket.write('Connection: close\r\n\r\n');

    await Promise.race([closed, sleep(10_000)]);
    const [head, body] = received.split('\r\n\r\n');
    expect(head, received).to.match(/^HTTP\/1\.1 200 /);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head!)?.[1]);
    expect(Buffer.byteLength(body ?? ''), 'complete body').to.equal(length);
    expect(JSON.parse(body!).data.status).to.equal('ready');

    expect(await exitWithin(s, 40_000), s.output()).to.deep.equal({ code: 0, signal: null });
    expect(postgresPids(dataDir)).to.deep.equal([]);
  });
});
