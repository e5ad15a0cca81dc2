import { fn } from 'objection';
import { PowerAssistModel } from '../screens.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

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
  private readonly powerAssist: typeof PowerAssistModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.powerAssist = PowerAssistModel.bindKnex(db);
  }

  async get(screenId: string): Promise<PowerAssistRow | undefined> {
    return this.powerAssist.query().findById(screenId);
  }

  async save(values: Omit<PowerAssistRow, 'updated_at'>): Promise<PowerAssistRow> {
    return this.powerAssist
      .query()
      .insert(values)
      .onConflict('screen_id')
      .merge({ ...values, updated_at: fn.now() })
      .returning('*');
  }
}
