import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';

export interface OverviewCounts {
  confirmedScreenPlaybackMs: number;
  contentExposureMs: number;
  playbackFailures: number;
  interruptedPlays: number;
  takeoverActivations: number;
  failedPlayerUpdates: number;
  recentAdministrativeChanges: number;
}

export interface TimelineRow {
  id: string;
  at: Date;
  domain: 'screen' | 'audit';
  severity: string;
  type: string;
  screen_id: string | null;
  resource_id: string | null;
}

/** Event types worth a line in the overview's timeline even when they are not warnings. */
const NOTABLE = ['presentation.started', 'presentation.recovered', 'schedule.became_active', 'takeover.active', 'update.installation_failed'];
const TIMELINE_LIMIT = 40;

/** The activity overview's figures, read from playback sessions, activity events and the audit log. */
export class OverviewRepository {
  private readonly db: Knex;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
  }

  async counts(from: Date, to: Date): Promise<OverviewCounts> {
    // Sessions still open run until now; each counts only its part inside the range.
    const overlapMs = `greatest(0, extract(epoch FROM least(coalesce(ended_at, now()), :to) - greatest(started_at, :from)) * 1000)`;
    const [sessions, events, audit] = await Promise.all([
      this.db.raw(
        `SELECT coalesce(sum(${overlapMs}) FILTER (WHERE session_type = 'presentation'), 0)::float8 AS presented,
                coalesce(sum(${overlapMs}) FILTER (WHERE session_type <> 'presentation'), 0)::float8 AS exposed,
                count(*) FILTER (WHERE result = 'failed' AND started_at >= :from)::int AS failed,
                count(*) FILTER (WHERE interrupted AND started_at >= :from)::int AS interrupted
           FROM playback_sessions
          WHERE started_at < :to AND coalesce(ended_at, now()) > :from`,
        { from, to },
      ),
      this.db.raw(
        `SELECT count(*) FILTER (WHERE canonical_type = 'takeover.active')::int AS takeovers,
                count(*) FILTER (WHERE category = 'updates' AND result = 'failed')::int AS failed_updates
           FROM activity_events WHERE occurred_at >= :from AND occurred_at < :to`,
        { from, to },
      ),
      this.db.raw(`SELECT count(*)::int AS n FROM audit_log WHERE actor_kind = 'console' AND occurred_at >= :from AND occurred_at < :to`, { from, to }),
    ]);
    const s = sessions.rows[0];
    return {
      confirmedScreenPlaybackMs: Math.round(s.presented),
      contentExposureMs: Math.round(s.exposed),
      playbackFailures: s.failed,
      interruptedPlays: s.interrupted,
      takeoverActivations: events.rows[0].takeovers,
      failedPlayerUpdates: events.rows[0].failed_updates,
      recentAdministrativeChanges: audit.rows[0].n,
    };
  }

  /** Screens whose players reported stalled playback or black output since `since`. */
  async impairedSince(since: Date): Promise<number> {
    const { rows } = await this.db.raw(
      `SELECT count(DISTINCT screen_id)::int AS n FROM screen_telemetry_rollups
        WHERE bucket >= ? AND stalled_playback_seconds + black_output_seconds > 0`,
      [since],
    );
    return rows[0].n;
  }

  /** Warnings and notable screen events, and changes made from the console, newest first. */
  async timeline(from: Date, to: Date): Promise<TimelineRow[]> {
    const { rows } = await this.db.raw(
      `(SELECT id::text, occurred_at AS at, 'screen' AS domain, severity, canonical_type AS type, screen_id::text, NULL AS resource_id
          FROM activity_events
         WHERE occurred_at >= :from AND occurred_at < :to
           AND (severity IN ('warning', 'error', 'critical') OR canonical_type = ANY(:notable))
         ORDER BY occurred_at DESC LIMIT :limit)
       UNION ALL
       (SELECT id::text, occurred_at, 'audit', 'info', action, NULL, resource_id
          FROM audit_log
         WHERE actor_kind = 'console' AND occurred_at >= :from AND occurred_at < :to
         ORDER BY occurred_at DESC LIMIT :limit)
       ORDER BY at DESC LIMIT :limit`,
      { from, to, notable: NOTABLE, limit: TIMELINE_LIMIT },
    );
    return rows;
  }
}
