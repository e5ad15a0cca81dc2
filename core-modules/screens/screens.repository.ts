import type { Knex } from 'knex';
import { fn } from 'objection';
import { mapUniqueViolation } from '../../kernel/db/database.js';
import { conflict } from '../../kernel/errors.js';
import { RECENT_SECONDS, STALE_SECONDS, type ScreenStatus } from './screen-status.js';
import { CredentialModel, ScreenModel, ScreenStatusModel } from './screens.models.js';
import { containsPattern } from '../../kernel/db/like.js';
import type { KernelDeps } from '../../kernel/kernel.js';

export interface ScreenRow {
  id: string;
  player_installation_id: string;
  name: string;
  description: string;
  location_id: string | null;
  room_name: string;
  room_number: string;
  platform: string;
  manufacturer: string;
  model: string;
  os_version: string;
  player_version: string;
  player_version_code: number | null;
  screen_width: number | null;
  screen_height: number | null;
  density: number | null;
  locale: string;
  timezone: string;
  enabled: boolean;
  paired_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A screen's player as its heartbeats describe it (the reported parts as sent, unchecked). */
export interface PlayerFactsRow {
  id: string;
  platform: string;
  player_version_code: number | null;
  android_sdk: unknown;
  schema_versions: unknown;
  capabilities: unknown;
}

/** The screen_status row: what the player last reported and when. */
export interface ScreenStatusRow {
  last_contact_at: Date | null;
  last_heartbeat_at: Date | null;
  last_connected_at: Date | null;
  last_disconnected_at: Date | null;
  last_known_ip: string | null;
  uptime_seconds: number | null;
  last_heartbeat: Record<string, unknown> | null;
  clock_offset_seconds: number | null;
  clock_offset_at: Date | null;
}

/** A screen with what its status is derived from. */
export interface ScreenFactsRow extends ScreenRow, ScreenStatusRow {
  location_name: string | null;
  has_active_credential: boolean;
  online: boolean;
}

/** Time columns may take `trx.fn.now()`, so the database clock stamps them. */
export type ScreenValues = { [K in keyof Omit<ScreenRow, 'id' | 'created_at' | 'updated_at'>]?: ScreenRow[K] | Knex.Raw };

export interface ScreenFilter {
  status?: ScreenStatus;
  locationId?: string;
  search?: string;
  limit: number;
  offset: number;
}

// The facts behind a status. `online` needs a presence row refreshed within the TTL, so a crashed
// process's rows stop counting on their own.
const FACTS = `
  SELECT s.*, st.last_contact_at, st.last_heartbeat_at, st.last_connected_at, st.last_disconnected_at, st.last_known_ip,
    st.uptime_seconds, st.last_heartbeat, st.clock_offset_seconds, st.clock_offset_at, l.name AS location_name,
    EXISTS (SELECT 1 FROM screen_credentials c WHERE c.screen_id = s.id AND c.revoked_at IS NULL) AS has_active_credential,
    EXISTS (SELECT 1 FROM screen_presence p WHERE p.screen_id = s.id AND p.last_seen_at > now() - make_interval(secs => :ttl)) AS online
  FROM screens s JOIN screen_status st ON st.screen_id = s.id LEFT JOIN locations l ON l.id = s.location_id`;

// The same rules as screenStatus(), for filtering in the database.
const STATUS = `CASE
    WHEN NOT f.enabled THEN 'disabled'
    WHEN NOT f.has_active_credential THEN 'revoked'
    WHEN f.online THEN 'online'
    WHEN f.last_contact_at > now() - make_interval(secs => ${RECENT_SECONDS}) THEN 'recent'
    WHEN f.last_contact_at > now() - make_interval(secs => ${STALE_SECONDS}) THEN 'stale'
    ELSE 'offline' END`;

// `column` plus `seconds` fell in the last whole minute.
const crossedLastMinute = (column: string, seconds: string) =>
  `(${column} + make_interval(secs => ${seconds}) >= date_trunc('minute', now()) - interval '1 minute'
    AND ${column} + make_interval(secs => ${seconds}) < date_trunc('minute', now()))`;

/** A screen's status now, as the consoles are told it. */
export interface ScreenStatusNow {
  id: string;
  status: ScreenStatus;
  last_contact_at: Date | null;
}

const installationTaken = () => conflict('state_conflict', 'This player installation is already paired to another screen.');

/** A screen's access and reported display control, as sent in its last heartbeat (any JSON). */
export interface ControlFacts {
  id: string;
  name: string;
  enabled: boolean;
  has_active_credential: boolean;
  provider: unknown;
  capabilities: unknown;
}

/** The screens table. The only place that queries it. */
export class ScreensRepository {
  private readonly db: Knex;
  private readonly screens: typeof ScreenModel;
  private readonly statuses: typeof ScreenStatusModel;
  private readonly credentials: typeof CredentialModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    // The list and counts are SQL over the facts view; rows are read and written through the models.
    this.db = db;
    this.screens = ScreenModel.bindKnex(db);
    this.statuses = ScreenStatusModel.bindKnex(db);
    this.credentials = CredentialModel.bindKnex(db);
  }

  /** How many screens have each status, by the same rules as the list (one query). */
  async countByStatus(presenceTtlSeconds: number): Promise<Record<string, number>> {
    const { rows } = await this.db.raw<{ rows: { status: string; n: number }[] }>(
      `SELECT ${STATUS} AS status, count(*)::int AS n FROM (${FACTS}) f GROUP BY 1`,
      { ttl: presenceTtlSeconds },
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  /** Enabled screens with a working credential that were in contact once and are offline now. */
  async offline(presenceTtlSeconds: number): Promise<{ id: string; name: string; last_contact_at: Date }[]> {
    const { rows } = await this.db.raw<{ rows: { id: string; name: string; last_contact_at: Date }[] }>(
      `SELECT f.id, f.name, f.last_contact_at FROM (${FACTS}) f WHERE f.last_contact_at IS NOT NULL AND ${STATUS} = 'offline'`,
      { ttl: presenceTtlSeconds },
    );
    return rows;
  }

  /** Those of `ids` with an open socket on a live process (what makes a screen `online`). */
  async connectedAmong(ids: string[], presenceTtlSeconds: number): Promise<string[]> {
    if (!ids.length) return [];
    const { rows } = await this.db.raw<{ rows: { screen_id: string }[] }>(
      `SELECT DISTINCT screen_id FROM screen_presence WHERE screen_id = ANY(CAST(:ids AS uuid[])) AND last_seen_at > now() - make_interval(secs => :ttl)`,
      { ttl: presenceTtlSeconds, ids },
    );
    return rows.map((r) => r.screen_id);
  }

  /** The last heartbeat each of `ids` sent, for those whose last heartbeat is at most `withinSeconds` old. */
  async recentHeartbeats(ids: string[], withinSeconds: number): Promise<{ screen_id: string; heartbeat: Record<string, unknown> }[]> {
    if (!ids.length) return [];
    const { rows } = await this.db.raw<{ rows: { screen_id: string; heartbeat: Record<string, unknown> }[] }>(
      `SELECT screen_id, last_heartbeat AS heartbeat FROM screen_status
        WHERE screen_id = ANY(CAST(:ids AS uuid[])) AND last_heartbeat IS NOT NULL AND last_heartbeat_at > now() - make_interval(secs => :within)`,
      { ids, within: withinSeconds },
    );
    return rows;
  }

  /** The status of each of these screens now, with its last contact (one query). */
  async statusesOf(ids: string[], presenceTtlSeconds: number): Promise<ScreenStatusNow[]> {
    if (!ids.length) return [];
    const { rows } = await this.db.raw<{ rows: ScreenStatusNow[] }>(
      `SELECT f.id, ${STATUS} AS status, f.last_contact_at FROM (${FACTS} WHERE s.id = ANY(CAST(:ids AS uuid[]))) f`,
      { ttl: presenceTtlSeconds, ids },
    );
    return rows;
  }

  /**
   * Screens whose status changed by time alone in the last whole minute (from the start of the
   * minute before this one to the start of this one): contact became too old for `recent` or for
   * `stale`, or a socket's presence row (of a process that died) stopped counting. A sweep run
   * once a minute thus sees each such change once. Screens with a socket open, disabled or
   * revoked are left out: time does not change those.
   */
  async changedByTime(presenceTtlSeconds: number): Promise<ScreenStatusNow[]> {
    const { rows } = await this.db.raw<{ rows: ScreenStatusNow[] }>(
      `SELECT f.id, ${STATUS} AS status, f.last_contact_at FROM (${FACTS}
         WHERE ${crossedLastMinute('st.last_contact_at', String(RECENT_SECONDS))} OR ${crossedLastMinute('st.last_contact_at', String(STALE_SECONDS))}
           OR EXISTS (SELECT 1 FROM screen_presence p WHERE p.screen_id = s.id AND ${crossedLastMinute('p.last_seen_at', ':ttl')})) f
       WHERE ${STATUS} IN ('recent', 'stale', 'offline')`,
      { ttl: presenceTtlSeconds },
    );
    return rows;
  }

  async find(id: string, presenceTtlSeconds: number): Promise<ScreenFactsRow | undefined> {
    const { rows } = await this.db.raw<{ rows: ScreenFactsRow[] }>(`${FACTS} WHERE s.id = :id`, { ttl: presenceTtlSeconds, id });
    return rows[0];
  }

  async list(filter: ScreenFilter, presenceTtlSeconds: number): Promise<{ rows: ScreenFactsRow[]; total: number }> {
    const where: string[] = [];
    const bindings: Record<string, unknown> = { ttl: presenceTtlSeconds, limit: filter.limit, offset: filter.offset };
    if (filter.status) {
      where.push(`${STATUS} = :status`);
      bindings.status = filter.status;
    }
    if (filter.locationId) {
      where.push('f.location_id = :locationId');
      bindings.locationId = filter.locationId;
    }
    if (filter.search) {
      where.push(`(f.name ILIKE :search OR f.description ILIKE :search OR f.room_name ILIKE :search
        OR f.room_number ILIKE :search OR f.location_name ILIKE :search OR f.model ILIKE :search)`);
      bindings.search = containsPattern(filter.search);
    }
    const { rows } = await this.db.raw<{ rows: (ScreenFactsRow & { total: number })[] }>(
      `SELECT f.*, count(*) OVER () AS total FROM (${FACTS}) f
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY lower(f.name), f.id LIMIT :limit OFFSET :offset`,
      bindings,
    );
    // Past the last page there are no rows to carry the total; count separately then.
    const total = rows[0]?.total ?? (filter.offset > 0 ? await this.count(filter, presenceTtlSeconds) : 0);
    return { rows: rows.map(({ total: _t, ...row }) => row), total };
  }

  private async count(filter: ScreenFilter, presenceTtlSeconds: number): Promise<number> {
    const { total } = await this.list({ ...filter, limit: 1, offset: 0 }, presenceTtlSeconds);
    return total;
  }

  /** The screen a player installation is paired to, locked for the rest of `trx`. */
  async lockByInstallation(playerInstallationId: string, trx: Knex.Transaction): Promise<(ScreenRow & { has_active_credential: boolean }) | undefined> {
    const row = await this.screens.query(trx).findOne({ player_installation_id: playerInstallationId }).forUpdate();
    return row && { ...row, has_active_credential: await this.hasActiveCredential(row.id, trx) };
  }

  /** The screen a player installation is paired to, if any, for the console's pairing dialog. */
  async summaryByInstallation(playerInstallationId: string): Promise<{ id: string; name: string; has_active_credential: boolean } | undefined> {
    return this.screens
      .query()
      .alias('s')
      .findOne({ 's.player_installation_id': playerInstallationId })
      .select(
        's.id',
        's.name',
        this.db.raw('EXISTS (SELECT 1 FROM screen_credentials c WHERE c.screen_id = s.id AND c.revoked_at IS NULL) AS has_active_credential'),
      )
      .castTo<{ id: string; name: string; has_active_credential: boolean } | undefined>();
  }

  async lock(id: string, trx: Knex.Transaction): Promise<ScreenRow | undefined> {
    return this.screens.query(trx).findById(id).forUpdate();
  }

  private async hasActiveCredential(id: string, trx: Knex.Transaction): Promise<boolean> {
    return Boolean(await this.credentials.query(trx).findOne({ screen_id: id }).whereNull('revoked_at').select('id'));
  }

  /** A new screen and its (empty) status row. */
  async insert(values: ScreenValues, trx: Knex.Transaction): Promise<string> {
    try {
      const { id } = await this.screens.query(trx).insert(values).returning('id');
      await this.statuses.query(trx).insert({ screen_id: id });
      return id;
    } catch (err) {
      mapUniqueViolation(err, installationTaken);
    }
  }

  /** False when there is no such screen. */
  async update(id: string, values: ScreenValues, trx?: Knex.Transaction): Promise<boolean> {
    try {
      return (
        (await this.screens
          .query(trx)
          .findById(id)
          .patch({ ...values, updated_at: fn.now() })) > 0
      );
    } catch (err) {
      mapUniqueViolation(err, installationTaken);
    }
  }

  async namesOf(ids: string[]): Promise<{ id: string; name: string }[]> {
    return ids.length ? this.screens.query().findByIds(ids).select('id', 'name') : [];
  }

  async ids(): Promise<string[]> {
    return (await this.screens.query().orderBy('id').select('id')).map((s) => s.id);
  }

  /** What decides whether a player can take a display command: its access and the display control it reports. */
  async controlFacts(ids: string[]): Promise<ControlFacts[]> {
    if (!ids.length) return [];
    return this.screens
      .query()
      .alias('s')
      .leftJoin('screen_status as st', 'st.screen_id', 's.id')
      .whereRaw('s.id = ANY(?::uuid[])', [ids])
      .select(
        's.id',
        's.name',
        's.enabled',
        this.db.raw('EXISTS (SELECT 1 FROM screen_credentials c WHERE c.screen_id = s.id AND c.revoked_at IS NULL) AS has_active_credential'),
        this.db.raw(`st.last_heartbeat->'displayControlProvider' AS provider`),
        this.db.raw(`st.last_heartbeat->'displayControlCapabilities' AS capabilities`),
      )
      .orderByRaw('lower(s.name), s.id')
      .castTo<ControlFacts[]>();
  }

  async platformsOf(ids: string[]): Promise<{ id: string; platform: string }[]> {
    return ids.length ? this.screens.query().whereRaw('id = ANY(?::uuid[])', [ids]).select('id', 'platform') : [];
  }

  /** What each of `ids`' player reported that decides how its manifest is built (platform, version, schemas, capabilities). */
  async playerFactsOf(ids: string[]): Promise<PlayerFactsRow[]> {
    if (!ids.length) return [];
    return this.screens
      .query()
      .alias('s')
      .leftJoin('screen_status as st', 'st.screen_id', 's.id')
      .whereRaw('s.id = ANY(?::uuid[])', [ids])
      .select(
        's.id',
        's.platform',
        's.player_version_code',
        this.db.raw(`st.last_heartbeat->'androidSdk' AS android_sdk`),
        this.db.raw(`st.last_heartbeat->'presentationSchemaVersions' AS schema_versions`),
        this.db.raw(`st.last_heartbeat->'nativePresentationCapabilities' AS capabilities`),
      )
      .castTo<PlayerFactsRow[]>();
  }

  async exists(id: string): Promise<boolean> {
    return Boolean(await this.screens.query().findById(id).select('id'));
  }
}
