import { expect } from 'chai';
import { positionalToKnex } from '../../kernel/jobs/job-queue.js';
import type { NotesDeps } from '../fixtures/notes-plugin/notes.plugin.js';
import { notesPlugin, recordNote } from '../fixtures/notes-plugin/notes.plugin.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

describe('job runner (pg-boss)', () => {
  let k: TestKernel;
  let deps: NotesDeps;
  const notes = () => k.db('notes_items').select('text', 'source').orderBy('created_at');
  before(async () => {
    k = await bootTestKernel({ plugins: [notesPlugin] });
    deps = k.containerOf('notes').cradle as NotesDeps;
  });
  after(() => k?.stop());

  it('runs a job sent from a route in a worker', async () => {
    const res = await call(k, 'POST', '/api/v1/notes', { text: 'from a job', later: true });
    expect(res.body.data).to.deep.equal({ queued: true });
    const rows = await eventually(notes, (r) => r.length > 0, 10_000);
    expect(rows).to.deep.equal([{ text: 'from a job', source: 'job:all' }]);
  });

  it('checks the payload against the job schema when sending', async () => {
    let error: Error | undefined;
    await deps.jobs.send(recordNote.name, { text: '' }).catch((e: Error) => (error = e));
    expect(error?.message).to.contain('payload of job notes.record-note is invalid');
    await deps.jobs.send('notes.unknown', {}).catch((e: Error) => (error = e));
    expect(error?.message).to.contain('unknown job');
  });

  it('enqueues inside a transaction: a rollback leaves no job, a commit does', async () => {
    await k.db('notes_items').delete();
    await k.db
      .transaction(async (trx) => {
        await deps.jobs.send(recordNote.name, { text: 'rolled back' }, { trx });
        throw new Error('abort');
      })
      .catch(() => {});
    await k.db.transaction(async (trx) => {
      await deps.notesService.add('same transaction', 'http', trx);
      await deps.jobs.send(recordNote.name, { text: 'committed' }, { trx });
    });
    const rows = await eventually(notes, (r) => r.length >= 2, 10_000);
    expect(rows.map((r) => r.text).sort()).to.deep.equal(['committed', 'same transaction']);
    // Every job ever queued under this name, run or not: pg-boss keeps them in its job table (and
    // moves old ones to its archive), so a job of the rolled-back transaction would be listed here.
    const queued = await k.db.raw(
      `SELECT data->>'text' AS text FROM (SELECT name, data FROM pgboss.job UNION ALL SELECT name, data FROM pgboss.archive) j
       WHERE name = ? AND data->>'text' IN ('rolled back', 'committed')`,
      [recordNote.name],
    );
    expect(queued.rows.map((r: { text: string }) => r.text)).to.deep.equal(['committed']);
  });

  it('rewrites pg-boss positional SQL for knex, keeping literal question marks', () => {
    expect(positionalToKnex('SELECT $2, $1, $2 WHERE x ? y', ['a', 'b'])).to.deep.equal(['SELECT ?, ?, ? WHERE x \\? y', ['b', 'a', 'b']]);
  });
});

describe('job runner roles', () => {
  it('a web process only sends; a worker on the same database runs the job', async () => {
    const web = await bootTestKernel({ plugins: [notesPlugin], role: 'web' });
    let worker: TestKernel | undefined;
    try {
      await call(web, 'POST', '/api/v1/notes', { text: 'for the worker', later: true });
      // The web process polls all through the worker's boot: had it taken the job, the note would
      // say so (each note names the role of the process that ran its job).
      worker = await bootTestKernel({ plugins: [notesPlugin], role: 'worker', databaseUrl: web.databaseUrl });
      const rows = await eventually(
        () => web.db('notes_items').select('text', 'source'),
        (r) => r.length > 0,
        10_000,
      );
      expect(rows).to.deep.equal([{ text: 'for the worker', source: 'job:worker' }]);
    } finally {
      await worker?.stop();
      await web.stop();
    }
  });
});

describe('job runner shutdown', () => {
  it('tells a job that is still running when the grace period runs out to stop', async function () {
    this.timeout(20_000);
    let aborted = false;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const { definePlugin, jobFor } = await import('../../kernel/plugin.js');
    const { Type } = await import('@sinclair/typebox');
    const slow = jobFor<unknown>()({
      name: 'slow.wait-for-stop',
      payload: Type.Object({}),
      handler: (_p, _d, job) =>
        new Promise<void>((resolve) => {
          started();
          job.signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          });
        }),
    });
    const plugin = definePlugin({ name: 'slow', register: (r) => r.jobs([slow]) });
    const k = await bootTestKernel({ plugins: [plugin] }); // SHUTDOWN_GRACE_SECONDS=2 in test kernels
    const jobs = (k.containerOf('slow').cradle as { jobs: { send(n: string, p: object): Promise<unknown> } }).jobs;
    await jobs.send('slow.wait-for-stop', {});
    await running;
    const t0 = Date.now();
    await k.stop();
    expect(aborted).to.equal(true);
    expect(Date.now() - t0).to.be.below(5_000);
  });
});
