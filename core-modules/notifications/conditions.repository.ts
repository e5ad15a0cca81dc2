import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { ConditionModel, type ConditionRow } from './notifications.models.js';

/** The notification_conditions table: which problems are open. The only place that queries it. */
export class ConditionsRepository {
  private readonly conditions: typeof ConditionModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.conditions = ConditionModel.bindKnex(db);
  }

  /** The open ones of a kind, locked for the sweep (a second sweep waits, then sees them settled). */
  async open(kind: string, trx: Knex.Transaction): Promise<ConditionRow[]> {
    return await this.conditions.query(trx).where({ kind }).whereNull('recovered_at').forUpdate();
  }

  /** Opens one; undefined when it is already open. */
  async openNew(row: Pick<ConditionRow, 'kind' | 'subject' | 'title' | 'data' | 'announced'>, trx: Knex.Transaction): Promise<ConditionRow | undefined> {
    const result = await trx.raw(
      `INSERT INTO notification_conditions (kind, subject, title, data, announced) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (kind, subject) WHERE recovered_at IS NULL DO NOTHING RETURNING *`,
      [row.kind, row.subject, row.title, JSON.stringify(row.data), row.announced],
    );
    return result.rows[0];
  }

  async recover(ids: string[], trx: Knex.Transaction): Promise<void> {
    if (ids.length) await this.conditions.query(trx).whereIn('id', ids).patch({ recovered_at: new Date() });
  }

  /** Removes recovered conditions older than `days`. */
  async purge(days: number): Promise<number> {
    return this.conditions.query().whereNotNull('recovered_at').whereRaw(`recovered_at < now() - make_interval(days => ?)`, [days]).delete();
  }
}
