import type { Knex } from 'knex';
import { raw } from 'objection';
import { plainRows } from '../../../kernel/db/table-model.js';
import { ContactHourModel, ScreenStatusModel } from '../screens.models.js';
import { SERVER_PRECEDENCE_MS, type ClockOffset } from './clock-offset.js';
import type { KernelDeps } from '../../../kernel/kernel.js';
import { RECENT_SECONDS } from '../screen-status.js';

/** What one flush writes for one screen: the latest of everything since the previous flush. */
export interface ContactUpdate {
  id: string;
  contact_at: string;
  heartbeat_at: string | null;
  ip: string | null;
  heartbeat: Record<string, unknown> | null;
  player_version: string | null;
  player_version_code: number | null;
  screen_width: number | null;
  screen_height: number | null;
  locale: string | null;
  timezone: string | null;
  uptime_seconds: number | null;
  clock_offset_seconds: number | null;
  clock_offset_at: string | null;
  clock_offset_source: ClockOffset['source'] | null;
  heartbeats: number;
  contacts: number;
}

export interface ContactHour {
  hour: Date;
  heartbeats: number;
  contacts: number;
}

// supersedes() in SQL: a later clock reading replaces the stored one (an earlier one flushed late by
// another process never does), except a player's own figure over a recent server measurement.
const CLOCK_TAKES = `(v.clock_offset_at IS NOT NULL AND (st.clock_offset_at IS NULL OR (v.clock_offset_at >= st.clock_offset_at
  AND (v.clock_offset_source = 'server' OR st.clock_offset_source = 'player'
    OR v.clock_offset_at > st.clock_offset_at + make_interval(secs => ${SERVER_PRECEDENCE_MS / 1000})))))`;

// What a player reports that decides how its manifest is built (player-facts.ts reads the same
// fields): compared, old against new, in the flush, so a heartbeat costs nothing more.
const PROFILE = (heartbeat: string) =>
  `jsonb_build_array(${heartbeat}->'presentationSchemaVersions', ${heartbeat}->'nativePresentationCapabilities', ${heartbeat}->'playerVersionCode')`;

// Contact that makes a screen `recent` again: its stored contact was older than that (or none, a
// screen's first), so its status changed. Read off the row the flush locks anyway: in the steady
// state (a heartbeat every 30 s) it holds for no row and costs nothing.
const RECENT = `make_interval(secs => ${RECENT_SECONDS})`;

// One statement for a whole batch. The rows travel as a single jsonb parameter rather than a
// VALUES list, so the batch size is not bounded by PostgreSQL's 65,535 bind parameters. Status rows
// are locked in id order first: two processes flushing overlapping screens then cannot deadlock.
// The descriptive columns on screens are written only when a player reports a different value
// (a new version, another resolution), which in the steady state is never.
const APPLY = `
  WITH v AS (
    SELECT * FROM jsonb_to_recordset(?::jsonb) AS v(
      id uuid, contact_at timestamptz, heartbeat_at timestamptz, ip text, heartbeat jsonb,
      player_version text, player_version_code integer, screen_width integer, screen_height integer,
      locale text, timezone text, uptime_seconds bigint, clock_offset_seconds integer, clock_offset_at timestamptz,
      clock_offset_source text, heartbeats integer, contacts integer)
  ),
  locked AS (
    SELECT st.screen_id, ${PROFILE('st.last_heartbeat')} AS profile, st.last_contact_at AS contact_before FROM screen_status st
    WHERE st.screen_id IN (SELECT id FROM v) ORDER BY st.screen_id FOR UPDATE),
  status AS (
    UPDATE screen_status st SET
      last_contact_at = GREATEST(st.last_contact_at, v.contact_at),
      last_heartbeat_at = GREATEST(st.last_heartbeat_at, v.heartbeat_at),
      last_known_ip = COALESCE(v.ip, st.last_known_ip),
      last_heartbeat = COALESCE(v.heartbeat, st.last_heartbeat),
      uptime_seconds = COALESCE(v.uptime_seconds, st.uptime_seconds),
      clock_offset_seconds = CASE WHEN ${CLOCK_TAKES} THEN v.clock_offset_seconds ELSE st.clock_offset_seconds END,
      clock_offset_source = CASE WHEN ${CLOCK_TAKES} THEN v.clock_offset_source ELSE st.clock_offset_source END,
      clock_offset_at = CASE WHEN ${CLOCK_TAKES} THEN v.clock_offset_at ELSE st.clock_offset_at END
    FROM v JOIN locked ON locked.screen_id = v.id WHERE st.screen_id = v.id
    RETURNING st.screen_id, (v.heartbeat IS NOT NULL AND ${PROFILE('v.heartbeat')} IS DISTINCT FROM locked.profile) AS profile_changed,
      (v.contact_at > now() - ${RECENT} AND (locked.contact_before IS NULL OR locked.contact_before <= now() - ${RECENT})) AS resumed
  ),
  described AS (
    UPDATE screens s SET
      player_version = COALESCE(v.player_version, s.player_version),
      player_version_code = COALESCE(v.player_version_code, s.player_version_code),
      screen_width = COALESCE(v.screen_width, s.screen_width),
      screen_height = COALESCE(v.screen_height, s.screen_height),
      locale = COALESCE(v.locale, s.locale),
      timezone = COALESCE(v.timezone, s.timezone)
    FROM v WHERE s.id = v.id AND (
      v.player_version <> s.player_version OR v.locale <> s.locale OR v.timezone <> s.timezone
      OR (v.player_version_code IS NOT NULL AND v.player_version_code IS DISTINCT FROM s.player_version_code)
      OR (v.screen_width IS NOT NULL AND v.screen_width IS DISTINCT FROM s.screen_width)
      OR (v.screen_height IS NOT NULL AND v.screen_height IS DISTINCT FROM s.screen_height))
    RETURNING s.id
  ),
  hours AS (
    INSERT INTO screen_contact_hours AS h (screen_id, hour, heartbeats, contacts)
    SELECT v.id, date_trunc('hour', v.contact_at), v.heartbeats, v.contacts FROM v JOIN status ON status.screen_id = v.id
    ORDER BY v.id
    ON CONFLICT (screen_id, hour) DO UPDATE SET heartbeats = h.heartbeats + EXCLUDED.heartbeats, contacts = h.contacts + EXCLUDED.contacts
  )
  SELECT screen_id, profile_changed, resumed FROM status WHERE profile_changed OR resumed`;

/** Contact bookkeeping on screen_status, screens and screen_contact_hours, written in batches. */
export class ContactRepository {
  private readonly db: Knex;
  private readonly contactHours: typeof ContactHourModel;
  private readonly statuses: typeof ScreenStatusModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    // A batch of contact is one SQL statement over three tables; hourly counts and clock offsets are read through the models.
    this.db = db;
    this.contactHours = ContactHourModel.bindKnex(db);
    this.statuses = ScreenStatusModel.bindKnex(db);
  }

  /**
   * Writes the batch, and tells `reported` in the same transaction of the screens whose player now
   * reports another profile than it had stored (rare: an upgrade). Returns, once committed, the
   * screens whose contact resumed (see RECENT).
   */
  async apply(updates: ContactUpdate[], reported: (screenIds: string[], trx: Knex.Transaction) => Promise<void>): Promise<string[]> {
    if (updates.length === 0) return [];
    return this.db.transaction(async (trx) => {
      const { rows } = await trx.raw<{ rows: { screen_id: string; profile_changed: boolean; resumed: boolean }[] }>(APPLY, [JSON.stringify(updates)]);
      const profiles = rows.filter((r) => r.profile_changed).map((r) => r.screen_id);
      if (profiles.length) await reported(profiles, trx);
      return rows.filter((r) => r.resumed).map((r) => r.screen_id);
    });
  }

  /** The screen's stored clock offset, if one was ever measured. Read for every activity batch, so no model instance is built. */
  async clockOffset(screenId: string): Promise<ClockOffset | undefined> {
    const [row] = await plainRows(
      this.statuses.query().where({ screen_id: screenId }).select('clock_offset_seconds', 'clock_offset_at', 'clock_offset_source'),
    );
    return row?.clock_offset_at ? { seconds: row.clock_offset_seconds!, at: row.clock_offset_at, source: row.clock_offset_source! } : undefined;
  }

  /** Counts per hour for the last `hours` hours (only hours with contact have a row). */
  async hours(screenId: string, hours: number): Promise<ContactHour[]> {
    return this.contactHours
      .query()
      .where({ screen_id: screenId })
      .andWhere('hour', '>', raw(`date_trunc('hour', now()) - make_interval(hours => ?)`, [hours]))
      .orderBy('hour')
      .select('hour', 'heartbeats', 'contacts');
  }

  async purgeHoursOlderThan(days: number): Promise<number> {
    return this.contactHours
      .query()
      .where('hour', '<', raw('now() - make_interval(days => ?)', [days]))
      .delete();
  }
}
