import type { Knex } from 'knex';

export interface PowerAssistRow {
  screen_id: string;
  enabled: boolean;
  sleep_at: string | null;
  wake_at: string | null;
  timezone: string;
  updated_by: string | null;
  updated_at: Date;
}

/** The screen_power_assist table: a screen's nightly sleep and wake times. */
export class PowerAssistRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  get(screenId: string): Promise<PowerAssistRow | undefined> {
    return this.db<PowerAssistRow>('screen_power_assist').where({ screen_id: screenId }).first();
  }

  async save(values: Omit<PowerAssistRow, 'updated_at'>): Promise<PowerAssistRow> {
    const [row] = await this.db('screen_power_assist')
      .insert(values)
      .onConflict('screen_id')
      .merge({ ...values, updated_at: this.db.fn.now() })
      .returning('*');
    return row as PowerAssistRow;
  }
}
