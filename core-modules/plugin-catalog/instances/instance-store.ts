import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { TableModel } from '../../../kernel/db/table-model.js';
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

/** A row of one plugin's instance table; `InstanceStore` names the table. */
class InstanceModel extends TableModel {
  static override jsonAttributes = ['settings'];
}
interface InstanceModel extends InstanceRow<unknown> {}

/** The only code that touches an instance table. */
export class InstanceStore<S> {
  private readonly instances: typeof InstanceModel;

  constructor(db: Knex, table: string) {
    this.instances = class extends InstanceModel {
      static override tableName = table;
    }.bindKnex(db);
  }

  async list(trx?: Knex.Transaction): Promise<InstanceRow<S>[]> {
    return this.rows(this.instances.query(trx).orderBy([{ column: 'name' }, { column: 'id' }]));
  }

  async enabled(): Promise<InstanceRow<S>[]> {
    return this.rows(this.instances.query().where({ enabled: true }).orderBy('id'));
  }

  async get(id: string, trx?: Knex.Transaction): Promise<InstanceRow<S> | undefined> {
    return this.row(this.instances.query(trx).findById(id));
  }

  async lock(id: string, trx: Knex.Transaction): Promise<InstanceRow<S> | undefined> {
    return this.row(this.instances.query(trx).findById(id).forUpdate());
  }

  async insert(values: InstanceValues<S>, trx: Knex.Transaction): Promise<InstanceRow<S>> {
    return (await this.row(this.instances.query(trx).insert(values).returning('*')))!;
  }

  async replace(id: string, values: InstanceValues<S>, trx: Knex.Transaction): Promise<InstanceRow<S>> {
    const row = this.instances
      .query(trx)
      .where({ id })
      .patch({ ...values, revision: raw('revision + 1'), updated_at: fn.now() })
      .returning('*')
      .first();
    return (await this.row(row))!;
  }

  async delete(id: string, trx: Knex.Transaction): Promise<void> {
    await this.instances.query(trx).deleteById(id);
  }

  /** Instances whose settings name this value at this key (e.g. a logo asset), for usage checks. */
  async whereSetting(key: string, values: string[], trx?: Knex.Transaction): Promise<InstanceRow<S>[]> {
    if (!values.length) return [];
    return this.rows(this.instances.query(trx).whereRaw('settings->>? = ANY(?)', [key, values]));
  }

  // The table holds this plugin's settings type S, already checked against its schema on the way in.
  private rows(query: PromiseLike<InstanceModel[]>) {
    return query as PromiseLike<InstanceRow<S>[]>;
  }

  private row(query: PromiseLike<InstanceModel | undefined>) {
    return query as PromiseLike<InstanceRow<S> | undefined>;
  }
}
