import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { type ViewFields, ViewModel, type ViewRow } from './forms.models.js';

const ORDER = [
  { column: 'position', order: 'asc' },
  { column: 'key', order: 'asc' },
] as const;

/** The `form_views` table: the only place that queries it. */
export class FormViewsRepository {
  private readonly views: typeof ViewModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.views = ViewModel.bindKnex(db);
  }

  /** The form's views in their order (position, then key). */
  async list(sourceId: string, trx?: Knex.Transaction): Promise<ViewRow[]> {
    return await this.views
      .query(trx)
      .where('source_id', sourceId)
      .orderBy([...ORDER]);
  }

  async count(sourceId: string, trx: Knex.Transaction): Promise<number> {
    const [row] = (await this.views.query(trx).where('source_id', sourceId).count('* as n')) as unknown as { n: string }[];
    return Number(row?.n ?? 0);
  }

  /** Saves the view under its key: a new one, or the one with that key replaced (its id kept). */
  async save(sourceId: string, view: ViewFields, trx: Knex.Transaction): Promise<ViewRow> {
    const saved = await this.views
      .query(trx)
      .insert({ source_id: sourceId, ...view })
      .onConflict(['source_id', 'key'])
      .merge([...(Object.keys(view) as (keyof ViewFields)[]), 'updated_at' as keyof ViewFields])
      .returning('*');
    return saved;
  }

  /** Removes one of the form's views; its key, or undefined when the form has no such view. */
  async remove(sourceId: string, id: string, trx: Knex.Transaction): Promise<string | undefined> {
    const [gone] = (await this.views.query(trx).delete().where({ source_id: sourceId, id }).returning('key')) as unknown as { key: string }[];
    return gone?.key;
  }

  /** Which of `states` a view of the form includes. */
  async statesInViews(sourceId: string, states: string[], trx?: Knex.Transaction): Promise<string[]> {
    if (!states.length) return [];
    const rows = await this.views.query(trx).where('source_id', sourceId).select('included_states');
    const used = new Set(rows.flatMap((r) => r.included_states));
    return states.filter((s) => used.has(s));
  }
}
