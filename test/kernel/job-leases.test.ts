import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { createKnex } from '../../kernel/db/database.js';
import { migrateAll } from '../../kernel/db/migrator.js';
import { JobLeases, leaseTimings } from '../../kernel/jobs/job-leases.js';
import { type JobQueue, positionalToKnex } from '../../kernel/jobs/job-queue.js';
import { createLogger } from '../../kernel/logger.js';
import { holdJob, leaseProbePlugin, leaseProbeRuns } from '../fixtures/lease-probe/lease-probe.plugin.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { createTestDatabase } from '../support/test-database.js';
import { eventually } from '../support/wait.js';

// Leases of a few seconds (JOB_LEASE_SECONDS), so the test waits out a few of them, not minutes.
const LEASE_SECONDS = 6;
const { ttlSeconds, reclaimMs } = leaseTimings(LEASE_SECONDS);
const ENV = { JOB_LEASE_SECONDS: String(LEASE_SECONDS) };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = join(ROOT, 'test', 'fixtures', 'lease-probe', 'worker.ts');

/** A real worker process (its own pg-boss, its own leases) that holds every lease-probe job until killed. */
function spawnWorker(databaseUrl: string, dataDir: string): { child: ChildProcess; ready: Promise<void>; output: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LEASE_PROBE_HOLD: '1', ...ENV };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (out += c));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => out.includes('worker ready') && resolve());
    child.once('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal}) before it was ready:\n${out}`)));
  });
  return { child, ready, output: () => out };
}

const gone = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('job leases: a killed process does not hold its jobs until they expire', function () {
  this.timeout(240_000);
  let web: TestKernel | undefined;
  let worker: TestKernel | undefined;
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'signage-lease-test-'));

  after(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGKILL');
      await gone(child);
    }
    await worker?.stop();
    await web?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a live worker’s job past the lease time, and runs a killed worker’s job again in another worker soon after its lease lapses', async () => {
    const databaseUrl = await createTestDatabase();
    web = await bootTestKernel({ plugins: [leaseProbePlugin], role: 'web', databaseUrl, env: ENV });
    // One deployment: the worker has the web process's secret keys.
    copyFileSync(join(web.dataDir, 'secrets.key'), join(dataDir, 'secrets.key'));
    const spawned = spawnWorker(databaseUrl, dataDir);
    child = spawned.child;
    await spawned.ready;
    const jobs = web.containerOf('lease-probe').resolve<JobQueue>('jobs');
    const jobId = (await jobs.send(holdJob.name, { label: 'held' }))!;
    const lease = () => web!.db('kernel_job_leases').where({ job_id: jobId }).first();
    const taken = await eventually(lease, (l) => Boolean(l), 30_000, 200);
    expect(taken?.instance_id, spawned.output()).to.contain(`/${child.pid}/`);

    // Another worker runs beside it for longer than a lease lasts: the live worker renews and keeps its job.
    worker = await bootTestKernel({ plugins: [leaseProbePlugin], role: 'worker', databaseUrl, env: ENV });
    const heldSince = Date.now();
    await new Promise((r) => setTimeout(r, ttlSeconds * 1000 + reclaimMs + 2_000 - (Date.now() - heldSince)));
    expect(leaseProbeRuns, 'not taken from a live worker').to.deep.equal([]);
    const renewed = await lease();
    expect(renewed.instance_id).to.equal(taken.instance_id);
    expect(Date.now() - new Date(renewed.renewed_at).getTime()).to.be.below(ttlSeconds * 1000);
    expect(await web.db('pgboss.job').where({ id: jobId }).first('state')).to.deep.equal({ state: 'active' });

    process.kill(-child.pid!, 'SIGKILL');
    const killedAt = Date.now();
    await gone(child);
    const runs = await eventually(
      () => leaseProbeRuns,
      (r) => r.length > 0,
      90_000,
      100,
    );
    const takeover = runs[0] ? runs[0].at - killedAt : Number.NaN;
    console.log(`      a killed worker's job ran again ${(takeover / 1000).toFixed(1)} s after the kill`);
    expect(runs.map((r) => ({ jobId: r.jobId, retryCount: r.retryCount }))).to.deep.equal([{ jobId, retryCount: 1 }]);
    // A lease, a look for stale ones and the job's retry delay (2 s), with room for a busy machine.
    expect(takeover).to.be.below(ttlSeconds * 1000 + reclaimMs + 2_000 + 10_000);
    const done = await eventually(
      () => web!.db('pgboss.job').where({ id: jobId }).first('state'),
      (j) => j?.state === 'completed',
      10_000,
    );
    expect(done).to.deep.equal({ state: 'completed' });
    expect(await web.db('kernel_job_leases').where({ instance_id: taken.instance_id }), 'the dead worker’s lease is gone').to.deep.equal([]);
  });
});

describe('job leases, one process', () => {
  it('drops the leases of ended jobs only, and tells a job whose lease another worker took to stop', async () => {
    const db = createKnex(await createTestDatabase());
    try {
      await migrateAll(db, [{ owner: 'kernel', folder: new URL('../../migrations', import.meta.url) }]);
      const sql = async (text: string, values: unknown[] = []) => {
        const [q, bindings] = positionalToKnex(text, values);
        return (await db.raw(q, bindings as never[])) as { rows: Record<string, unknown>[] };
      };
      const leases = new JobLeases(sql, async () => {}, createLogger('silent'));
      const [ended, running, taken] = [randomUUID(), randomUUID(), randomUUID()];
      await leases.take(ended, 'probe.ended');
      const runningSignal = await leases.take(running, 'probe.running');
      const takenSignal = await leases.take(taken, 'probe.taken');
      leases.release(ended);
      // Another worker found this lease stale and took the job over.
      await db('kernel_job_leases').where({ job_id: taken }).update({ instance_id: 'elsewhere/1/reclaim' });
      await leases.renew();
      expect((await db('kernel_job_leases').orderBy('job_name')).map((l) => [l.job_name, l.instance_id === leases.instanceId])).to.deep.equal([
        ['probe.running', true],
        ['probe.taken', false],
      ]);
      expect(runningSignal.aborted).to.equal(false);
      expect(takenSignal.aborted).to.equal(true);
      await leases.stop();
      expect(await db('kernel_job_leases').where({ instance_id: leases.instanceId })).to.deep.equal([]);
    } finally {
      await db.destroy();
    }
  });
});
