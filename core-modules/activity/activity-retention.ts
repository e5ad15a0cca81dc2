import { Type, type Static } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidInput } from '../../kernel/errors.js';
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

const ACTIVITY_CLASSES = ['rawEventDays', 'playbackSessionDays', 'screenStateDays', 'diagnosticMetadataDays'] as const;
const SettableDays = Type.Integer({ minimum: 1, maximum: 3650 });

/** What the retention panel saves: every field it shows (the telemetry rollups' days may be left out). */
export const RetentionChangeSchema = Type.Object({
  rawEventDays: SettableDays,
  playbackSessionDays: SettableDays,
  screenStateDays: SettableDays,
  diagnosticMetadataDays: SettableDays,
  auditLogDays: SettableDays,
  telemetryRollupDays: Type.Optional(SettableDays),
});

/** Deletes activity older than the retention setting, table by table in batches. */
export class ActivityRetention {
  constructor(private readonly d: Pick<ActivityBaseDeps, 'db' | 'settingsService' | 'config'>) {}

  /**
   * Saves the retention panel: one setting keeps every activity table, so its activity fields must
   * agree, and the audit log's days are the deployment's (AUDIT_RETENTION_DAYS), not changed here.
   */
  async change(days: Static<typeof RetentionChangeSchema>, actor: ConsolePrincipal, ip: string) {
    const values = [...ACTIVITY_CLASSES.map((k) => days[k]), ...(days.telemetryRollupDays === undefined ? [] : [days.telemetryRollupDays])];
    if (new Set(values).size > 1) {
      throw invalidInput(
        'activity_retention_unsupported',
        'This server keeps every kind of activity for the same number of days: give raw events, proof of play, screen state and diagnostics the same value.',
        'body/playbackSessionDays',
      );
    }
    if (days.auditLogDays !== this.d.config.auditRetentionDays) {
      throw invalidInput('activity_retention_out_of_bounds', 'The audit log is kept as the deployment sets it (AUDIT_RETENTION_DAYS).', 'body/auditLogDays');
    }
    await this.d.settingsService.change({ [RETENTION_KEY]: values[0] }, actor, ip);
    return this.read();
  }

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
