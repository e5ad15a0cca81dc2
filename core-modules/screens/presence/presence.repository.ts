import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { PresenceModel } from '../screens.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

/** A row of `screen_presence`. */
export interface PresenceRow {
  connection_id: string;
  screen_id: string;
  credential_id: string;
  instance_id: string;
  connected_at: Date;
  last_seen_at: Date;
}

export interface NewPresence {
  connectionId: string;
  screenId: string;
  credentialId: string;
  instanceId: string;
  ip: string | null;
}

/** The screen_presence table: which sockets are open, on which server process. */
export class PresenceRepository {
  private readonly db: Knex;
  private readonly presence: typeof PresenceModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    // Registering and counting are SQL (an upsert, a set-returning query); the rest goes through the model.
    this.db = db;
    this.presence = PresenceModel.bindKnex(db);
  }

  /** Records the open socket and the connection on the screen in one round trip; returns the screen's name. */
  async connect(p: NewPresence): Promise<string | undefined> {
    const { rows } = await this.db.raw<{ rows: { name: string }[] }>(
      `WITH p AS (
         INSERT INTO screen_presence (connection_id, screen_id, credential_id, instance_id) VALUES (?, ?, ?, ?) RETURNING screen_id
       )
       UPDATE screen_status st SET last_connected_at = now(), last_contact_at = GREATEST(st.last_contact_at, now()),
         last_known_ip = COALESCE(?, st.last_known_ip)
       FROM p, screens s WHERE st.screen_id = p.screen_id AND s.id = p.screen_id RETURNING s.name`,
      [p.connectionId, p.screenId, p.credentialId, p.instanceId, p.ip],
    );
    return rows[0]?.name;
  }

  async disconnect(connectionId: string): Promise<void> {
    await this.db.raw(
      `WITH p AS (DELETE FROM screen_presence WHERE connection_id = ? RETURNING screen_id)
       UPDATE screen_status st SET last_disconnected_at = now() FROM p WHERE st.screen_id = p.screen_id`,
      [connectionId],
    );
  }

  /** One statement per process and refresh, however many sockets it holds. */
  async refresh(instanceId: string): Promise<void> {
    await this.presence.query().where({ instance_id: instanceId }).patch({ last_seen_at: fn.now() });
  }

  /**
   * This process's sockets that must not stay open: credential revoked or screen disabled. A safety
   * net behind the hub message that normally closes them at once.
   */
  async refused(instanceId: string): Promise<string[]> {
    const rows = await this.presence
      .query()
      .alias('p')
      .join('screens as s', 's.id', 'p.screen_id')
      .leftJoin('screen_credentials as c', 'c.id', 'p.credential_id')
      .where('p.instance_id', instanceId)
      .andWhere((q) => q.where('s.enabled', false).orWhereNull('c.id').orWhereNotNull('c.revoked_at'))
      .select('p.connection_id');
    return rows.map((r) => r.connection_id);
  }

  async dropInstance(instanceId: string): Promise<void> {
    await this.presence.query().where({ instance_id: instanceId }).delete();
  }

  /** Rows of processes that died without cleaning up; they stopped counting as online long before. */
  async purgeStale(olderThanSeconds: number): Promise<number> {
    return this.presence
      .query()
      .where('last_seen_at', '<', raw('now() - make_interval(secs => ?)', [olderThanSeconds]))
      .delete();
  }
}
