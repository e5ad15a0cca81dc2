import type { NoiseMeterBaseDeps } from './noise-meter-base-deps.js';

const DAY_MS = 86_400_000;
/** Rows per DELETE: short statements, so the purge never holds locks or bloats WAL in one go. */
const BATCH = 10_000;

type Deps = Pick<NoiseMeterBaseDeps, 'instanceService' | 'historyRepository'>;

/**
 * Each bucket is kept for the retention of the meter that recorded it, as that meter is set now
 * (shortening it expires older history at the next run). Buckets of a deleted meter can no longer
 * be read by anyone, so they go at once.
 */
export class HistoryRetention {
  constructor(private readonly d: Deps) {}

  async purge(signal: AbortSignal): Promise<number> {
    const retention = new Map((await this.d.instanceService.all()).map((m) => [m.id, m.settings.historyRetentionDays]));
    const now = Date.now();
    let removed = 0;
    for (const instanceId of await this.d.historyRepository.instanceIds()) {
      const days = retention.get(instanceId);
      // Nothing is stored more than a couple of minutes ahead, so a day ahead takes all of a deleted meter's rows.
      const before = new Date(days === undefined ? now + DAY_MS : now - days * DAY_MS);
      let deleted: number;
      do {
        deleted = await this.d.historyRepository.purgeBatch(instanceId, before, BATCH);
        removed += deleted;
      } while (deleted === BATCH && !signal.aborted);
    }
    return removed;
  }
}
