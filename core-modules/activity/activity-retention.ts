import type { SettingDefinition } from '../settings/settings.api.js';
import type { ActivityBaseDeps } from './activity-base-deps.js';

export const RETENTION_KEY = 'activity.retention_days';

export const activitySettings: SettingDefinition[] = [
  {
    key: RETENTION_KEY,
    category: 'activity',
    type: 'integer',
    title: 'Keep activity for (days)',
    description:
      'Screen events, proof-of-play sessions and telemetry older than this are deleted every night. Shortening it deletes the older history at the next run.',
    default: 90,
    min: 1,
    max: 3650,
  },
];

/** Rows per DELETE: short statements, so the purge never holds locks or bloats WAL in one go. */
const BATCH = 10_000;
const DAY_MS = 86_400_000;
/** Each table and the time it is aged by. */
const TABLES = [
  ['activity_events', 'occurred_at'],
  ['playback_sessions', 'started_at'],
  ['playback_rollup', 'bucket'],
  ['screen_telemetry_rollups', 'bucket'],
] as const;

/** Deletes activity older than the retention setting, table by table in batches. */
export class ActivityRetention {
  constructor(private readonly d: Pick<ActivityBaseDeps, 'db' | 'settingsService'>) {}

  async purge(signal?: AbortSignal, now = Date.now()): Promise<Record<string, number>> {
    const days = await this.d.settingsService.get<number>(RETENTION_KEY);
    const before = new Date(now - days * DAY_MS);
    const removed: Record<string, number> = {};
    for (const [table, column] of TABLES) {
      removed[table] = 0;
      let deleted: number;
      do {
        const result = await this.d.db.raw(`DELETE FROM ${table} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${table} WHERE ${column} < ? LIMIT ${BATCH}))`, [
          before,
        ]);
        deleted = result.rowCount ?? 0;
        removed[table] += deleted;
      } while (deleted === BATCH && !signal?.aborted);
    }
    return removed;
  }
}
