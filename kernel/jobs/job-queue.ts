import PgBoss from 'pg-boss';
import type { Knex } from 'knex';
import type { Logger } from '../logger.js';
import type { JobDef } from '../plugin.js';
import { payloadValidator } from '../http/validation.js';
import { sqlState } from '../db/database.js';
import { throttledLog } from '../db/throttled-log.js';
import { JobLeases } from './job-leases.js';

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists if and only if the transaction commits. */
  trx?: Knex.Transaction;
  startAfterSeconds?: number;
  /** At most one queued job with this key per job name. */
  singletonKey?: string;
}

interface BoundJob {
  def: JobDef;
  deps: unknown;
  validate: (payload: unknown) => void;
}

/**
 * pg-boss's SQL uses $1..$n; knex raw wants `?`. Rewrite so a job insert can run on a knex
 * transaction's connection.
 */
export function positionalToKnex(text: string, values: unknown[]): [string, unknown[]] {
  const bindings: unknown[] = [];
  const sql = text.replace(/\?/g, '\\?').replace(/\$(\d+)/g, (_m, n) => {
    bindings.push(values[Number(n) - 1] ?? null); // knex refuses undefined; pg sends both as NULL
    return '?';
  });
  return [sql, bindings];
}

/**
 * The job runner: every plugin's JobDefs on pg-boss in the application database. Web processes
 * only send; worker processes also run handlers and cron schedules.
 */
export class JobQueue {
  private readonly jobs = new Map<string, BoundJob>();
  private boss?: PgBoss;
  private leases?: JobLeases;
  private readonly stopping = new AbortController();

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    private readonly leaseSeconds?: number,
  ) {}

  define(def: JobDef, deps: unknown) {
    this.jobs.set(def.name, { def, deps, validate: payloadValidator(def.name, def.payload) });
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /** The retention jobs (`retentionJob`) of every plugin. */
  get retentionNames(): string[] {
    return [...this.jobs.values()].filter((j) => j.def.retention).map((j) => j.def.name);
  }

  async start(options: { work: boolean; pollingIntervalSeconds?: number }): Promise<void> {
    const boss = new PgBoss({
      connectionString: this.databaseUrl,
      application_name: 'signage-server jobs',
      max: 5,
      supervise: options.work,
      schedule: options.work,
    });
    // While the database is down every worker's poll fails with the same error: one line each per minute.
    const log = throttledLog(this.logger);
    boss.on('error', (err: Error & { queue?: string }) => log('error', { component: 'pg-boss', err, queue: err.queue }, `job queue error: ${err.message}`));
    await boss.start();
    this.boss = boss;
    this.leases = new JobLeases(
      (text, values) => boss.getDb().executeSql(text, values ?? []),
      // pg-boss takes ids and output together; its types list that form for one id only.
      (name, ids, reason) => (boss.fail as (n: string, i: string[], d: object) => Promise<void>).call(boss, name, ids, { message: reason }),
      this.logger,
      this.leaseSeconds,
    );
    for (const { def } of this.jobs.values()) await this.ensureQueue(boss, def);
    if (!options.work) return;
    for (const job of this.jobs.values()) {
      await boss.work(job.def.name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true }, async ([item]) =>
        this.run(job, item!),
      );
      if (job.def.cron) await boss.schedule(job.def.name, job.def.cron, {}, { tz: 'UTC' });
    }
    // Jobs a killed process left active are run again within a minute, not at their expiry.
    this.leases.startReclaiming();
  }

  private async ensureQueue(boss: PgBoss, def: JobDef) {
    const policy = {
      retryLimit: def.retry?.limit ?? 3,
      retryDelay: def.retry?.delaySeconds ?? 10,
      retryBackoff: def.retry?.backoff ?? true,
      expireInSeconds: def.expireInSeconds ?? 15 * 60,
    };
    if (await boss.getQueue(def.name)) return boss.updateQueue(def.name, { name: def.name, ...policy });
    try {
      await boss.createQueue(def.name, { name: def.name, ...policy });
    } catch (err) {
      // Another process created it at the same moment.
      if (sqlState(err) !== '23505') throw err;
    }
  }

  private async run(job: BoundJob, item: PgBoss.JobWithMetadata<unknown>) {
    const log = this.logger.child({ job: job.def.name, jobId: item.id });
    try {
      job.validate(item.data);
    } catch (err) {
      // A payload that fails its schema will fail every retry too: record it and let it go.
      log.error({ err: (err as Error).message }, 'dropping a job whose payload does not match its schema');
      return;
    }
    const started = Date.now();
    const lost = await this.leases!.take(item.id, job.def.name);
    try {
      const signal = AbortSignal.any([this.stopping.signal, lost]);
      await job.def.handler(item.data as never, job.deps, { id: item.id, retryCount: item.retryCount, signal });
      log.info({ ms: Date.now() - started }, 'job done');
    } catch (err) {
      log.warn({ err, retryCount: item.retryCount }, 'job failed');
      throw err;
    } finally {
      this.leases!.release(item.id);
    }
  }

  /**
   * Whether a job of one of `names` whose payload contains `match` is queued, or running in a live
   * process. False while one is active means its process died (its lease is stale): the work stalled.
   */
  async anyLive(names: string[], match: object): Promise<boolean> {
    if (!this.leases) throw new Error('the job queue is not started');
    return this.leases.anyLive(names, match);
  }

  /** anyLive for many at once: of `values`, those with a live job of `names` whose payload `field` holds it. */
  async liveFor(names: string[], field: string, values: string[]): Promise<Set<string>> {
    if (!this.leases) throw new Error('the job queue is not started');
    return this.leases.liveFor(names, field, values);
  }

  async send(name: string, payload: object, options: SendOptions = {}): Promise<string | null> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`unknown job "${name}"`);
    job.validate(payload);
    if (!this.boss) throw new Error('the job queue is not started');
    const { trx } = options;
    return this.boss.send(name, payload, {
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(trx
        ? {
            db: {
              executeSql: async (text: string, values: unknown[]) => {
                const [sql, bindings] = positionalToKnex(text, values);
                return (await trx.raw(sql, bindings as Knex.RawBinding[])) as { rows: unknown[] };
              },
            },
          }
        : {}),
    });
  }

  /** Lets running jobs finish for up to `graceSeconds`; a second before that runs out, tells them to stop. */
  async stop(graceSeconds: number): Promise<void> {
    if (!this.boss) return;
    const abort = setTimeout(() => this.stopping.abort(), Math.max(0, graceSeconds * 1000 - 1000));
    const db = this.boss.getDb() as PgBoss.Db & { close?: () => Promise<void> };
    try {
      // pg-boss's pool stays open for the leases to go; it is closed below.
      await this.boss.stop({ graceful: true, wait: true, timeout: graceSeconds * 1000, close: false });
      await this.leases?.stop();
    } finally {
      clearTimeout(abort);
      await db.close?.();
    }
    this.boss = undefined;
  }
}
