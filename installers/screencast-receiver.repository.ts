import type { Knex } from 'knex';
import type { KernelDeps } from '../kernel/kernel.js';
import { ScreencastReceiverModel } from './installers.models.js';

export interface ScreencastReceiverRow {
  singleton: boolean;
  storage_key: string;
  file_name: string;
  /** bigint: pg returns it as a string. */
  size_bytes: string | number;
  sha256: string;
  provided_at: Date;
}

/** The one receiver archive the operator provided, as a row pointing into storage. */
export class ScreencastReceiverRepository {
  private readonly model: typeof ScreencastReceiverModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.model = ScreencastReceiverModel.bindKnex(db);
  }

  async current(trx?: Knex.Transaction): Promise<ScreencastReceiverRow | undefined> {
    return this.model.query(trx).first();
  }

  /** Points at a newly stored archive; answers the storage key of the one it replaced, if any. */
  async replace(row: Omit<ScreencastReceiverRow, 'singleton' | 'provided_at'>, trx: Knex.Transaction): Promise<string | undefined> {
    const previous = await this.model.query(trx).forUpdate().first();
    await trx('installers_screencast_receiver')
      .insert({ singleton: true, ...row, provided_at: trx.fn.now() })
      .onConflict('singleton')
      .merge();
    return previous?.storage_key;
  }
}
