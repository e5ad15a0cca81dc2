import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from '../logger.js';

/**
 * A lease not renewed for this long (`JOB_LEASE_SECONDS`) belongs to a dead (or cut-off) process:
 * its job is failed so pg-boss's retry policy runs it again. A slow job that keeps renewing is
 * bounded only by its queue's expiry.
 */
export const DEFAULT_LEASE_SECONDS = 30;

/** Renewals every third of a lease (three missed make it stale), and a worker looks for stale ones as often. */
export const leaseTimings = (leaseSeconds: number) => ({ ttlSeconds: leaseSeconds, renewMs: (leaseSeconds * 1000) / 3, reclaimMs: (leaseSeconds * 1000) / 3 });

/** pg-boss's schema (its default; the runner does not change it). */
const BOSS = 'pgboss';

/** What the runner hands over to run SQL (pg-boss's own pool, `$n` placeholders). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Fails jobs in pg-boss as a worker would, so retry limits, delays and dead letters apply. */
export type FailJobs = (name: string, ids: string[], reason: string) => Promise<void>;

interface Held {
  controller: AbortController;
}

/**
 * Leases on running jobs (`kernel_job_leases`): pg-boss 10 only knows a job is active, and frees
 * it at its expiry (6 h for a transcode), so a job whose process was killed would stay stuck that
 * long. Each process renews its own leases every 10 s; a worker fails the jobs of leases left
 * unrenewed for 30 s (`JOB_LEASE_SECONDS`), and pg-boss runs them again (handlers are idempotent by convention).
 */
export class JobLeases {
  /** This process, as written into its leases (for an operator reading the table). */
  readonly instanceId = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private readonly held = new Map<string, Held>();
  /** Jobs that ended here; their leases go at the next renewal, once pg-boss has completed or failed them. */
  private readonly ended = new Set<string>();
  private renewTimer?: NodeJS.Timeout;
  private reclaimTimer?: NodeJS.Timeout;
  private renewing?: Promise<void>;

  private readonly timings: ReturnType<typeof leaseTimings>;

  constructor(
    private readonly sql: ExecuteSql,
    private readonly failJobs: FailJobs,
    private readonly logger: Logger,
    leaseSeconds = DEFAULT_LEASE_SECONDS,
  ) {
    this.timings = leaseTimings(leaseSeconds);
  }

  /** Takes the lease of a job this process starts; the signal aborts when the lease is lost. */
  async take(jobId: string, name: string): Promise<AbortSignal> {
    const controller = new AbortController();
    this.held.set(jobId, { controller });
    this.ended.delete(jobId); // run again here: its lease is this new row
    try {
      await this.sql(
        `INSERT INTO kernel_job_leases (job_id, job_name, instance_id, started_at, renewed_at) VALUES ($1, $2, $3, now(), now())
         ON CONFLICT (job_id) DO UPDATE SET job_name = EXCLUDED.job_name, instance_id = EXCLUDED.instance_id, started_at = now(), renewed_at = now()`,
        [jobId, name, this.instanceId],
      );
    } catch (err) {
      this.held.delete(jobId);
      throw err;
    }
    this.renewTimer ??= setInterval(() => void this.renew(), this.timings.renewMs).unref();
    return controller.signal;
  }

  /** The job ended here (pg-boss completes or fails it next). */
  release(jobId: string): void {
    if (this.held.delete(jobId)) this.ended.add(jobId);
  }

  /** Renews this process's leases, drops those of ended jobs, and aborts jobs whose lease another process took. */
  renew(): Promise<void> {
    this.renewing ??= this.renewNow().finally(() => (this.renewing = undefined));
    return this.renewing;
  }

  private async renewNow(): Promise<void> {
    const ids = [...this.held.keys()];
    try {
      if (this.ended.size) {
        const ended = [...this.ended];
        this.ended.clear();
        await this.sql('DELETE FROM kernel_job_leases WHERE instance_id = $1 AND job_id = ANY($2::uuid[])', [this.instanceId, ended]);
      }
      if (ids.length === 0) {
        // A job taken while the delete ran keeps the timer it found.
        if (this.held.size === 0) {
          clearInterval(this.renewTimer);
          this.renewTimer = undefined;
        }
        return;
      }
      const { rows } = await this.sql('UPDATE kernel_job_leases SET renewed_at = now() WHERE instance_id = $1 AND job_id = ANY($2::uuid[]) RETURNING job_id', [
        this.instanceId,
        ids,
      ]);
      const kept = new Set(rows.map((r) => String(r.job_id)));
      for (const id of ids) {
        const held = this.held.get(id);
        if (!held || kept.has(id)) continue;
        // Another worker found the lease stale (this process was cut off) and the job runs again there.
        this.logger.warn({ jobId: id }, 'job lease lost to another worker: stopping this run');
        held.controller.abort(new Error('the job lease was lost; the job runs again elsewhere'));
      }
    } catch (err) {
      // The database is away: the leases go stale unless a later renewal gets through in time.
      this.logger.warn({ err }, 'could not renew job leases');
    }
  }

  /**
   * Fails the jobs of stale leases, once each across all processes: a lease is first taken over
   * (the UPDATE re-checks staleness under the row lock, so two workers never both win), then its job
   * is failed, then the lease goes. A crash in between leaves the taken-over lease to go stale again.
   */
  async reclaim(): Promise<number> {
    const claimer = `${this.instanceId}/reclaim`;
    const stale = `now() - make_interval(secs => ${this.timings.ttlSeconds})`;
    const { rows } = await this.sql(
      `UPDATE kernel_job_leases l SET instance_id = $1, renewed_at = now()
       FROM ${BOSS}.job j
       WHERE l.renewed_at < ${stale} AND j.name = l.job_name AND j.id = l.job_id AND j.state = 'active'
       RETURNING l.job_id, l.job_name`,
      [claimer],
    );
    const byName = new Map<string, string[]>();
    for (const r of rows) byName.set(String(r.job_name), [...(byName.get(String(r.job_name)) ?? []), String(r.job_id)]);
    for (const [name, ids] of byName) {
      await this.failJobs(name, ids, 'the process running this job stopped renewing its lease (it was killed or lost the database)');
      // The retry delay is for errors a job meets; this one already waited out the lease.
      await this.sql(`UPDATE ${BOSS}.job SET start_after = now() WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'retry'`, [name, ids]);
      this.logger.warn({ job: name, jobIds: ids }, 'jobs of a dead process failed for their retry policy to run them again');
    }
    // Leases of jobs that ended (or were reclaimed) but whose process died before dropping them.
    await this.sql(
      `DELETE FROM kernel_job_leases l WHERE (l.instance_id = $1 AND l.job_id = ANY($2::uuid[]))
         OR (l.renewed_at < ${stale} AND NOT EXISTS (SELECT 1 FROM ${BOSS}.job j WHERE j.name = l.job_name AND j.id = l.job_id AND j.state = 'active'))`,
      [claimer, rows.map((r) => r.job_id)],
    );
    return rows.length;
  }

  /**
   * Whether a job of one of `names` whose payload contains `match` is waiting to run, or running
   * under a live lease (or started too recently to have one). False means its work stalled.
   */
  async anyLive(names: string[], match: object): Promise<boolean> {
    const fresh = `now() - make_interval(secs => ${this.timings.ttlSeconds})`;
    const { rows } = await this.sql(
      `SELECT 1 FROM ${BOSS}.job j
       WHERE j.name = ANY($1::text[]) AND j.data @> $2::jsonb
         AND (j.state IN ('created', 'retry')
           OR (j.state = 'active' AND (j.started_on > ${fresh}
             OR EXISTS (SELECT 1 FROM kernel_job_leases l WHERE l.job_id = j.id AND l.renewed_at > ${fresh}))))
       LIMIT 1`,
      [names, JSON.stringify(match)],
    );
    return rows.length > 0;
  }

  /** Of `values`, those for which a job of `names` with that payload `field` is live (as anyLive says). */
  async liveFor(names: string[], field: string, values: string[]): Promise<Set<string>> {
    if (values.length === 0) return new Set();
    const fresh = `now() - make_interval(secs => ${this.timings.ttlSeconds})`;
    const { rows } = await this.sql(
      `SELECT DISTINCT j.data->>$2 AS value FROM ${BOSS}.job j
       WHERE j.name = ANY($1::text[]) AND j.data->>$2 = ANY($3::text[])
         AND (j.state IN ('created', 'retry')
           OR (j.state = 'active' AND (j.started_on > ${fresh}
             OR EXISTS (SELECT 1 FROM kernel_job_leases l WHERE l.job_id = j.id AND l.renewed_at > ${fresh}))))`,
      [names, field, values],
    );
    return new Set(rows.map((r) => String(r.value)));
  }

  /** Looks for stale leases now and every third of a lease (workers only). */
  startReclaiming(): void {
    const run = () => this.reclaim().catch((err: Error) => this.logger.warn({ err }, 'could not reclaim the jobs of dead processes'));
    void run();
    this.reclaimTimer = setInterval(run, this.timings.reclaimMs).unref();
  }

  /** Stops the timers and drops this process's leases (pg-boss has completed or failed its jobs by now). */
  async stop(): Promise<void> {
    clearInterval(this.reclaimTimer);
    clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    await this.renewing?.catch(() => {});
    await this.sql('DELETE FROM kernel_job_leases WHERE instance_id = $1', [this.instanceId]).catch(() => {});
  }
}
