import { Type, type Static } from '@sinclair/typebox';
import { Stamp } from '../../kernel/http/wire.js';
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

const Days = (description: string) => Type.Integer({ minimum: 1, description });

/** How long each class of record is kept, in the reference console's terms. */
export const RetentionSchema = Type.Object({
  rawEventDays: Days('Activity events the players reported.'),
  playbackSessionDays: Days('Proof-of-play sessions and their rollups.'),
  screenStateDays: Days('Screen state, which uptime derives from the telemetry rollups.'),
  auditLogDays: Days('The audit log: a deployment setting (AUDIT_RETENTION_DAYS).'),
  diagnosticMetadataDays: Days("Events' diagnostic details, deleted with their event."),
  telemetryRollupDays: Days('Five-minute telemetry rollups.'),
  updatedAt: Stamp,
});

/** Deletes activity older than the retention setting, table by table in batches. */
export class ActivityRetention {
  constructor(private readonly d: Pick<ActivityBaseDeps, 'db' | 'settingsService' | 'config'>) {}

  /** What is kept how long: one setting for every activity table, the deployment's for the audit log. */
  async read(): Promise<Static<typeof RetentionSchema>> {
    const [days, changed] = await Promise.all([this.d.settingsService.get<number>(RETENTION_KEY), this.d.settingsService.changedAt([RETENTION_KEY])]);
    return {
      rawEventDays: days,
      playbackSessionDays: days,
      screenStateDays: days,
      auditLogDays: this.d.config.auditRetentionDays,
      diagnosticMetadataDays: days,
      telemetryRollupDays: days,
      updatedAt: changed.toISOString(),
    };
  }

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
