import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { PairingSessionModel } from '../screens.models.js';
import type { DeviceMetadata } from './pairing-view.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

export type PairingStatus = 'pending' | 'approved' | 'claimed' | 'rejected' | 'expired' | 'cancelled';
export type PairingMode = 'new_screen' | 'credential_repair' | 'hardware_replacement';

export interface PairingSessionRow {
  id: string;
  code_hash: string;
  poll_secret_hash: string;
  enrollment_token_hash: string | null;
  status: PairingStatus;
  player_installation_id: string;
  metadata: DeviceMetadata;
  approximate_address: string | null;
  created_at: Date;
  expires_at: Date;
  approved_at: Date | null;
  approved_by: string | null;
  resulting_screen_id: string | null;
  pairing_mode: PairingMode | null;
  replace_existing_credential: boolean;
  claimed_at: Date | null;
  enrolled_at: Date | null;
  rejected_at: Date | null;
  failure_reason: string | null;
}

/** A session with the database clock's verdict on it, so no process compares against its own clock. */
export interface PairingSessionFacts extends PairingSessionRow {
  expired: boolean;
  /** The enrollment token was issued longer ago than the enrollment window. */
  claim_expired: boolean;
}

export type NewPairingSession = Pick<
  PairingSessionRow,
  'code_hash' | 'poll_secret_hash' | 'player_installation_id' | 'metadata' | 'approximate_address' | 'expires_at'
>;
/** Time columns may take `trx.fn.now()`, so the database clock stamps them. */
export type PairingUpdate = { [K in keyof Omit<PairingSessionRow, 'id' | 'created_at' | 'expires_at' | 'code_hash'>]?: PairingSessionRow[K] | Knex.Raw };

const LIVE = ['pending', 'approved'];

/** The screen_pairing_sessions table. The only place that queries it. */
export class PairingSessionsRepository {
  private readonly sessions: typeof PairingSessionModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.sessions = PairingSessionModel.bindKnex(db);
  }

  private facts(trx: Knex.Transaction | undefined, enrollWindowSeconds: number) {
    return this.sessions
      .query(trx)
      .select(
        '*',
        raw('(expires_at <= now()) AS expired'),
        raw('(claimed_at IS NOT NULL AND claimed_at <= now() - make_interval(secs => ?)) AS claim_expired', [enrollWindowSeconds]),
      )
      .castTo<PairingSessionFacts[]>();
  }

  /**
   * Serialises session creation per player installation (two quick restarts of one player must not
   * leave two live sessions), then supersedes that installation's live sessions and expires overdue ones.
   */
  async supersede(playerInstallationId: string, trx: Knex.Transaction): Promise<void> {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`screens.pairing:${playerInstallationId}`]);
    await this.sessions
      .query(trx)
      .whereIn('status', LIVE)
      .andWhere((q) => q.where({ player_installation_id: playerInstallationId }).orWhere('expires_at', '<=', fn.now()))
      .patch({
        status: 'expired',
        failure_reason: raw(`CASE WHEN player_installation_id = ? AND expires_at > now() THEN 'superseded' ELSE 'expired' END`, [playerInstallationId]),
      });
  }

  /** The new session's id, or undefined when its code collides with a live session's (draw another). */
  async insert(values: NewPairingSession, trx: Knex.Transaction): Promise<string | undefined> {
    // knex, not the model: objection answers an insert with the row it was given even when ON
    // CONFLICT DO NOTHING wrote nothing, and "nothing written" is the answer wanted here.
    const rows = await trx('screen_pairing_sessions')
      .insert({ ...values, status: 'pending', metadata: JSON.stringify(values.metadata) })
      .onConflict()
      .ignore()
      .returning('id');
    return (rows[0] as { id: string } | undefined)?.id;
  }

  async lock(id: string, trx: Knex.Transaction, enrollWindowSeconds: number): Promise<PairingSessionFacts | undefined> {
    return this.facts(trx, enrollWindowSeconds).where({ id }).forUpdate().first().castTo<PairingSessionFacts | undefined>();
  }

  /** The newest session that was given this code. */
  async latestByCode(codeHash: string): Promise<PairingSessionFacts | undefined> {
    return this.facts(undefined, 0).where({ code_hash: codeHash }).orderBy('created_at', 'desc').first().castTo<PairingSessionFacts | undefined>();
  }

  /** Live sessions (pending, or approved and not yet claimed) that have not expired, newest first. */
  async live(limit: number): Promise<PairingSessionFacts[]> {
    return this.facts(undefined, 0).whereIn('status', LIVE).where('expires_at', '>', fn.now()).orderBy('created_at', 'desc').limit(limit);
  }

  async update(id: string, values: PairingUpdate, trx?: Knex.Transaction): Promise<void> {
    await this.sessions.query(trx).findById(id).patch(values);
  }

  /** Marks a live session expired (when a read finds it overdue). */
  async expire(id: string, trx?: Knex.Transaction): Promise<void> {
    await this.sessions.query(trx).findById(id).whereIn('status', LIVE).patch({ status: 'expired', failure_reason: 'expired' });
  }

  /** Removes sessions that expired more than `days` ago, whatever became of them. */
  async purgeExpired(days: number): Promise<number> {
    return this.sessions
      .query()
      .where('expires_at', '<', raw('now() - make_interval(days => ?)', [days]))
      .delete();
  }
}
