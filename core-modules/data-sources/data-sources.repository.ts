import { libraryOrder } from '../../kernel/db/library-order.js';
import type { LibrarySort } from '../../kernel/http/wire.js';
import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { OutputModel, SourceModel } from './data-sources.models.js';
import type { DataDocument } from './providers/document.js';
import { containsPattern } from '../../kernel/db/like.js';
import type { OutputRow, SourceRow } from './data-sources.models.js';
import type { KernelDeps } from '../../kernel/kernel.js';

export type NewSource = Pick<SourceRow, 'name' | 'description' | 'provider' | 'configuration' | 'created_by'>;

/** The data_sources and data_source_outputs tables. The only place that queries them. */
export class DataSourcesRepository {
  private readonly sources: typeof SourceModel;
  private readonly outputs: typeof OutputModel;

  constructor(private readonly d: Pick<KernelDeps, 'db'>) {
    this.sources = SourceModel.bindKnex(d.db);
    this.outputs = OutputModel.bindKnex(d.db);
  }

  async page(q: {
    page: number;
    pageSize: number;
    provider?: string;
    search?: string;
    sort?: LibrarySort;
    /** Ids left out (sources the caller may not see). */
    hidden?: string[];
  }): Promise<{ rows: SourceRow[]; total: number }> {
    const query = this.sources.query();
    // One array parameter, however many.
    if (q.hidden?.length) query.whereRaw('not (id = any(?::uuid[]))', [q.hidden]);
    if (q.provider) query.where('provider', q.provider);
    if (q.search) query.whereILike('name', containsPattern(q.search));
    const { results, total } = await query.orderByRaw(libraryOrder(q.sort ?? 'name', 'data_sources')).page(q.page - 1, q.pageSize);
    return { rows: results, total };
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<SourceRow | undefined> {
    return await this.sources.query(trx).findById(id);
  }

  /** The ids of every source of this provider. */
  async idsOf(provider: string): Promise<string[]> {
    return (await this.sources.query().where({ provider }).select('id')).map((s) => s.id);
  }

  async byIds(ids: string[], trx?: Knex.Transaction): Promise<SourceRow[]> {
    return ids.length ? await this.sources.query(trx).findByIds(ids) : [];
  }

  async lock(id: string, trx: Knex.Transaction): Promise<SourceRow | undefined> {
    return await this.sources.query(trx).findById(id).forUpdate();
  }

  async insert(source: NewSource, dueAt: Date | null, trx: Knex.Transaction): Promise<SourceRow> {
    const row = await this.sources.query(trx).insert(source).returning('*');
    await this.outputs.query(trx).insert({ source_id: row.id, due_at: dueAt });
    return row;
  }

  /** Applies the changes; a new configuration moves the config version and makes a refresh due now. */
  async update(id: string, changes: Partial<Pick<SourceRow, 'name' | 'description' | 'configuration'>>, dueAt: Date | null | undefined, trx: Knex.Transaction) {
    await this.sources
      .query(trx)
      .findById(id)
      .patch({ ...changes, ...(changes.configuration ? { config_version: raw('config_version + 1') } : {}), updated_at: fn.now() });
    if (dueAt !== undefined) await this.outputs.query(trx).findById(id).patch({ due_at: dueAt });
  }

  async delete(id: string, trx: Knex.Transaction): Promise<void> {
    await this.sources.query(trx).deleteById(id);
  }

  async output(id: string): Promise<OutputRow | undefined> {
    return await this.outputs.query().findById(id);
  }

  async outputsOf(ids: string[], trx?: Knex.Transaction): Promise<OutputRow[]> {
    return ids.length ? await this.outputs.query(trx).findByIds(ids) : [];
  }

  /**
   * Takes up to `limit` sources whose refresh is due, moving their due time on by `leaseSeconds` so
   * no other process takes them meanwhile (rows another process holds are skipped).
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<string[]> {
    const result = await this.d.db.raw(
      `UPDATE data_source_outputs SET due_at = now() + make_interval(secs => ?)
       WHERE source_id IN (
         SELECT source_id FROM data_source_outputs WHERE due_at <= now() ORDER BY due_at LIMIT ? FOR UPDATE SKIP LOCKED
       ) RETURNING source_id`,
      [leaseSeconds, limit],
    );
    return (result.rows as { source_id: string }[]).map((r) => r.source_id);
  }

  /**
   * A good document: `keep` decides, against the stored one (read under a row lock, so two
   * refreshes of one source cannot both count a change), which document to store and whether it
   * changed; a change moves the output version. Failures are cleared. Answers whether it changed.
   */
  async succeeded(
    id: string,
    keep: (stored: DataDocument | null) => { document: DataDocument; changed: boolean },
    durationMs: number,
    dueAt: Date | null,
    /** Called in the same transaction when the output changed. */
    onChange: (trx: Knex.Transaction) => Promise<void>,
  ): Promise<boolean> {
    return this.d.db.transaction(async (trx) => {
      const stored = await this.outputs.query(trx).findById(id).forUpdate();
      if (!stored) return false;
      const { document, changed } = keep(stored.document);
      await this.outputs
        .query(trx)
        .findById(id)
        .patch({
          document: document as never,
          ...(changed ? { output_version: raw('output_version + 1') } : {}),
          refreshed_at: fn.now(),
          attempted_at: fn.now(),
          due_at: dueAt,
          error_code: null,
          error_message: null,
          failures: 0,
          duration_ms: durationMs,
        });
      if (changed) await onChange(trx);
      return changed;
    });
  }

  /** A failed refresh: the last good document stays. */
  async failed(id: string, code: string, message: string, durationMs: number, dueAt: Date | null): Promise<void> {
    await this.outputs
      .query()
      .findById(id)
      .patch({ attempted_at: fn.now(), due_at: dueAt, error_code: code, error_message: message, failures: raw('failures + 1'), duration_ms: durationMs });
  }
}
