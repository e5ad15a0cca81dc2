import type { Knex } from 'knex';

export interface PlayerHistoryRow {
  id: string;
  screen_id: string;
  credential_id: string | null;
  pairing_session_id: string | null;
  pairing_mode: string;
  player_installation_id: string;
  platform: string;
  manufacturer: string;
  model: string;
  os_version: string;
  player_version: string;
  screen_width: number | null;
  screen_height: number | null;
  density: number | null;
  locale: string;
  timezone: string;
  paired_at: Date;
  retired_at: Date | null;
  retirement_reason: string | null;
}

export type NewPlayerHistory = Omit<PlayerHistoryRow, 'id' | 'paired_at' | 'retired_at' | 'retirement_reason'>;

/** The screen_player_history table: which player installation served a screen, when. */
export class PlayerHistoryRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  list(screenId: string): Promise<PlayerHistoryRow[]> {
    return this.db<PlayerHistoryRow>('screen_player_history').where({ screen_id: screenId }).orderBy([
      { column: 'paired_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  }

  async retireOpen(screenId: string, reason: string, trx: Knex.Transaction): Promise<void> {
    await trx('screen_player_history').where({ screen_id: screenId }).whereNull('retired_at').update({ retired_at: trx.fn.now(), retirement_reason: reason });
  }

  async insert(values: NewPlayerHistory, trx: Knex.Transaction): Promise<void> {
    await trx('screen_player_history').insert(values);
  }
}
