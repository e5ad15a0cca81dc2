import type { Knex } from 'knex';
import type { TargetScope } from '../../screens/screens.api.js';

/**
 * One instance of an instance plugin. The columns every such plugin shares are real columns;
 * the plugin's own typed fields (already checked against its schema) live in `settings`.
 * Each plugin keeps its own table (`<prefix>_instances`), created by its own migration with
 * exactly these columns.
 */
export interface InstanceRow<S = Record<string, unknown>> {
  id: string;
  name: string;
  enabled: boolean;
  target_scope: TargetScope;
  target_ids: string[];
  settings: S;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

export type InstanceValues<S> = Pick<InstanceRow<S>, 'name' | 'enabled' | 'target_scope' | 'target_ids' | 'settings'>;

/** The only code that touches an instance table. */
export class InstanceStore<S> {
  constructor(
    private readonly db: Knex,
    private readonly table: string,
  ) {}

  list(trx: Knex | Knex.Transaction = this.db): Promise<InstanceRow<S>[]> {
    return trx(this.table).select('*').orderBy([{ column: 'name' }, { column: 'id' }]);
  }

  enabled(): Promise<InstanceRow<S>[]> {
    return this.db(this.table).where({ enabled: true }).select('*').orderBy('id');
  }

  get(id: string, trx: Knex | Knex.Transaction = this.db): Promise<InstanceRow<S> | undefined> {
    return trx(this.table).where({ id }).first();
  }

  lock(id: string, trx: Knex.Transaction): Promise<InstanceRow<S> | undefined> {
    return trx(this.table).where({ id }).forUpdate().first();
  }

  async insert(values: InstanceValues<S>, trx: Knex.Transaction): Promise<InstanceRow<S>> {
    const [row] = await trx(this.table).insert(this.columns(values)).returning('*');
    return row;
  }

  async replace(id: string, values: InstanceValues<S>, trx: Knex.Transaction): Promise<InstanceRow<S>> {
    const [row] = await trx(this.table)
      .where({ id })
      .update({ ...this.columns(values), revision: trx.raw('revision + 1'), updated_at: trx.fn.now() })
      .returning('*');
    return row;
  }

  async delete(id: string, trx: Knex.Transaction): Promise<void> {
    await trx(this.table).where({ id }).delete();
  }

  /** Instances whose settings name this value at this key (e.g. a logo asset), for usage checks. */
  async whereSetting(key: string, values: string[], trx: Knex | Knex.Transaction = this.db): Promise<InstanceRow<S>[]> {
    if (!values.length) return [];
    return trx(this.table).whereRaw('settings->>? = ANY(?)', [key, values]).select('*');
  }

  private columns(values: InstanceValues<S>) {
    return { ...values, settings: JSON.stringify(values.settings), target_ids: values.target_ids };
  }
}
