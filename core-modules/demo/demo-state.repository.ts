import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';

export type DemoStatus = 'seeding' | 'ready' | 'failed';

export interface DemoStateRow {
  status: DemoStatus;
  /** The simulated screens: ids and sealed device credentials. */
  screens: { screenId: string; sealedCredential: string; index: number }[];
  /** What media storage held once seeded: a reset removes everything else. */
  storage_keys: string[];
  seeded_at: Date | null;
  reset_at: Date | null;
}

/** The `demo_state` row: whether this database was seeded, and what the seed left. */
export class DemoStateRepository {
  private readonly db: Knex;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
  }

  get(trx?: Knex.Transaction): Promise<DemoStateRow | undefined> {
    return (trx ?? this.db)('demo_state').first();
  }

  /** True for the one process that gets to seed: the row did not exist yet. */
  async claim(): Promise<boolean> {
    const inserted = await this.db('demo_state').insert({ status: 'seeding' }).onConflict('singleton').ignore().returning('singleton');
    return inserted.length === 1;
  }

  async ready(screens: DemoStateRow['screens'], storageKeys: string[], trx: Knex.Transaction): Promise<void> {
    await trx('demo_state').update({ status: 'ready', screens: JSON.stringify(screens), storage_keys: JSON.stringify(storageKeys), seeded_at: trx.fn.now() });
  }

  async failed(): Promise<void> {
    await this.db('demo_state').update({ status: 'failed' });
  }

  /** Locks the row for a reset (one at a time) and answers it. */
  lockForReset(trx: Knex.Transaction): Promise<DemoStateRow | undefined> {
    return trx('demo_state').forUpdate().first();
  }

  async wasReset(trx: Knex.Transaction): Promise<Date> {
    const [row] = await trx('demo_state').update({ reset_at: trx.fn.now() }).returning('reset_at');
    return row.reset_at;
  }
}
