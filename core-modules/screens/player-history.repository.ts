import type { Knex } from 'knex';
import { fn } from 'objection';
import { PlayerHistoryModel } from './screens.models.js';
import type { KernelDeps } from '../../kernel/kernel.js';

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
  private readonly history: typeof PlayerHistoryModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.history = PlayerHistoryModel.bindKnex(db);
  }

  async list(screenId: string): Promise<PlayerHistoryRow[]> {
    return this.history
      .query()
      .where({ screen_id: screenId })
      .orderBy([
        { column: 'paired_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
  }

  async retireOpen(screenId: string, reason: string, trx: Knex.Transaction): Promise<void> {
    await this.history.query(trx).where({ screen_id: screenId }).whereNull('retired_at').patch({ retired_at: fn.now(), retirement_reason: reason });
  }

  async insert(values: NewPlayerHistory, trx: Knex.Transaction): Promise<void> {
    await this.history.query(trx).insert(values);
  }
}
