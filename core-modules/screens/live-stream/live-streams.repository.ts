import type { Knex } from 'knex';
import type { KernelDeps } from '../../../kernel/kernel.js';

export interface LeaseRow {
  screen_id: string;
  session_id: string;
  expires_at: Date;
}

const TABLE = 'screen_live_streams';

/** The screen_live_streams table: one lease per screen, timed by the database's clock. The only place that queries it. */
export class LiveStreamsRepository {
  private readonly db: Knex;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
  }

  /** A new lease for the screen, replacing any other; with the session it replaced, if that was still live. */
  async start(screenId: string, sessionId: string, leaseSeconds: number): Promise<{ lease: LeaseRow; replaced?: string }> {
    return this.db.transaction(async (trx) => {
      const before = await trx(TABLE).where({ screen_id: screenId }).where('expires_at', '>', trx.fn.now()).forUpdate().first('session_id');
      const [lease] = await trx(TABLE)
        .insert({ screen_id: screenId, session_id: sessionId, expires_at: trx.raw('now() + make_interval(secs => ?)', [leaseSeconds]) })
        .onConflict('screen_id')
        .merge()
        .returning(['screen_id', 'session_id', 'expires_at']);
      return { lease: lease as LeaseRow, ...(before ? { replaced: before.session_id as string } : {}) };
    });
  }

  /** Extends the screen's live lease if it is this session; undefined when it is not (ended, replaced or expired). */
  async renew(screenId: string, sessionId: string, leaseSeconds: number): Promise<LeaseRow | undefined> {
    const [lease] = await this.live(screenId, sessionId)
      .update({ expires_at: this.db.raw('now() + make_interval(secs => ?)', [leaseSeconds]) })
      .returning(['screen_id', 'session_id', 'expires_at']);
    return lease as LeaseRow | undefined;
  }

  /** Ends the screen's live lease if it is this session; false when it is not. */
  async end(screenId: string, sessionId: string): Promise<boolean> {
    return (await this.live(screenId, sessionId).delete()) > 0;
  }

  async current(screenId: string): Promise<LeaseRow | undefined> {
    return this.db(TABLE).where({ screen_id: screenId }).where('expires_at', '>', this.db.fn.now()).first('screen_id', 'session_id', 'expires_at');
  }

  private live(screenId: string, sessionId: string) {
    return this.db(TABLE).where({ screen_id: screenId, session_id: sessionId }).where('expires_at', '>', this.db.fn.now());
  }
}
