import { libraryOrder } from '../../kernel/db/library-order.js';
import type { LibrarySort } from '../../kernel/http/wire.js';
import type { Knex } from 'knex';
import { raw } from 'objection';
import { containsPattern } from '../../kernel/db/like.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { LayoutDependency, LayoutDocument } from './layout-document.js';
import { LayoutModel, LayoutRevisionModel, type LayoutRow, type RevisionRow } from './layouts.models.js';

/** A layout with what its published revision says of it. */
export interface LayoutListRow extends LayoutRow {
  published_revision: number | null;
  published_at: Date | null;
  has_unpublished_changes: boolean;
}

export interface PreviewFacts {
  contentType: string;
  sha256: string;
  size: number;
}

const PUBLISHED = [
  'l.*',
  raw('r.revision AS published_revision'),
  raw('r.published_at AS published_at'),
  // jsonb compares by value, so key order never makes a draft look changed.
  raw('(r.id IS NOT NULL AND l.draft_document IS DISTINCT FROM r.document) AS has_unpublished_changes'),
];

/** The layouts tables. The only place that queries them. */
export class LayoutsRepository {
  private readonly layouts: typeof LayoutModel;
  private readonly revisions: typeof LayoutRevisionModel;

  constructor(private readonly d: Pick<KernelDeps, 'db'>) {
    this.layouts = LayoutModel.bindKnex(d.db);
    this.revisions = LayoutRevisionModel.bindKnex(d.db);
  }

  private withPublished(trx?: Knex.Transaction) {
    return this.layouts.query(trx).alias('l').leftJoin('layout_revisions as r', 'r.id', 'l.published_revision_id').select(PUBLISHED).castTo<LayoutListRow[]>();
  }

  async list(q: { search?: string; sort: LibrarySort; page: number; pageSize: number }): Promise<{ rows: LayoutListRow[]; total: number }> {
    const query = this.withPublished();
    if (q.search) query.whereILike('l.name', containsPattern(q.search));
    const { results, total } = await query
      .orderByRaw(libraryOrder(q.sort, 'l'))
      .page(q.page - 1, q.pageSize)
      .castTo<{ results: LayoutListRow[]; total: number }>();
    return { rows: results, total };
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<LayoutListRow | undefined> {
    return this.withPublished(trx).where('l.id', id).first().castTo<LayoutListRow | undefined>();
  }

  /** Locks the layout for the rest of `trx` (a publish, a delete, a draft save take turns). */
  async lock(id: string, trx: Knex.Transaction): Promise<LayoutRow | undefined> {
    return this.layouts.query(trx).findById(id).forUpdate().castTo<LayoutRow | undefined>();
  }

  /** Holds the existing ones among `ids` shared until `trx` ends (a delete waits); with their published revision. */
  async share(ids: string[], trx?: Knex.Transaction): Promise<{ id: string; published_revision_id: string | null }[]> {
    if (!ids.length) return [];
    const query = this.layouts.query(trx).findByIds(ids).select('id', 'published_revision_id');
    return (trx ? query.forShare() : query).castTo<{ id: string; published_revision_id: string | null }[]>();
  }

  async namesOf(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.layouts.query().findByIds(ids).select('id', 'name');
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  async insert(
    values: Pick<LayoutRow, 'name' | 'description' | 'orientation' | 'canvas_width' | 'canvas_height' | 'draft_document' | 'created_by'>,
    trx?: Knex.Transaction,
  ) {
    const { id } = await this.layouts.query(trx).insert(values).returning('id');
    return id as string;
  }

  async rename(id: string, values: { name?: string; description?: string }, trx?: Knex.Transaction): Promise<boolean> {
    return (
      (await this.layouts
        .query(trx)
        .findById(id)
        .patch({ ...values, updated_at: new Date() })) > 0
    );
  }

  /**
   * Replaces the draft when its revision is still `expected`, bumping it; the preview (of the old
   * draft) is dropped. False when the layout is gone or its draft moved on.
   */
  async saveDraft(id: string, expected: number, document: LayoutDocument, dependencies: LayoutDependency[], trx: Knex.Transaction): Promise<boolean> {
    const changed = await this.layouts
      .query(trx)
      .where({ id, draft_revision: expected })
      .patch({
        draft_document: document,
        draft_dependencies: dependencies,
        draft_revision: raw('draft_revision + 1'),
        orientation: document.canvas.orientation,
        canvas_width: document.canvas.width,
        canvas_height: document.canvas.height,
        preview_content_type: null,
        preview_sha256: null,
        preview_size: null,
        preview_updated_at: null,
        updated_at: new Date(),
      } as never);
    return changed > 0;
  }

  /** Records a preview of the draft at revision `expected`; false when the layout is gone or the draft moved on. */
  async setPreview(id: string, expected: number, facts: PreviewFacts, trx?: Knex.Transaction): Promise<boolean> {
    const changed = await this.layouts.query(trx).where({ id, draft_revision: expected }).patch({
      preview_content_type: facts.contentType,
      preview_sha256: facts.sha256,
      preview_size: facts.size,
      preview_updated_at: new Date(),
    });
    return changed > 0;
  }

  async delete(id: string, trx: Knex.Transaction): Promise<boolean> {
    // The published pointer first: it restricts the deletion of its revision.
    await this.layouts.query(trx).findById(id).patch({ published_revision_id: null });
    return (await this.layouts.query(trx).deleteById(id)) > 0;
  }

  /** Writes a new immutable revision with its dependencies and makes it the published one. */
  async publish(
    id: string,
    revision: { document: LayoutDocument; sha256: string; dependencies: LayoutDependency[]; publishedBy: string | null },
    trx: Knex.Transaction,
  ): Promise<string> {
    const [{ next }] = (await trx('layout_revisions').where({ layout_id: id }).select(trx.raw('coalesce(max(revision), 0) + 1 AS next'))) as [{ next: number }];
    const { id: revisionId } = await this.revisions
      .query(trx)
      .insert({ layout_id: id, revision: next, document: revision.document, document_sha256: revision.sha256, published_by: revision.publishedBy })
      .returning('id');
    if (revision.dependencies.length) {
      await trx('layout_revision_dependencies').insert(
        revision.dependencies.map((d) => ({ revision_id: revisionId, dependency_type: d.type, dependency_id: d.id })),
      );
    }
    await this.layouts.query(trx).findById(id).patch({ published_revision_id: revisionId, updated_at: new Date() });
    return revisionId;
  }

  async revisionsOf(layoutId: string, q: { page: number; pageSize: number }): Promise<{ rows: RevisionRow[]; total: number }> {
    const { results, total } = await this.revisions
      .query()
      .where({ layout_id: layoutId })
      .orderBy('revision', 'desc')
      .page(q.page - 1, q.pageSize)
      .castTo<{ results: RevisionRow[]; total: number }>();
    return { rows: results, total };
  }

  async revision(layoutId: string, revisionId: string, trx?: Knex.Transaction): Promise<RevisionRow | undefined> {
    return this.revisions.query(trx).where({ layout_id: layoutId, id: revisionId }).first().castTo<RevisionRow | undefined>();
  }

  /** The published revision of each of `layoutIds` that has one. */
  async published(layoutIds: string[]): Promise<Map<string, RevisionRow>> {
    if (!layoutIds.length) return new Map();
    const rows = await this.revisions
      .query()
      .alias('r')
      .join('layouts as l', 'l.published_revision_id', 'r.id')
      .whereRaw('l.id = ANY(?::uuid[])', [layoutIds])
      .select('r.*')
      .castTo<RevisionRow[]>();
    return new Map(rows.map((r) => [r.layout_id, r]));
  }

  /** The layouts whose published revision names any of these dependencies. */
  async publishedHolding(deps: LayoutDependency[], trx?: Knex.Transaction): Promise<{ id: string; name: string }[]> {
    if (!deps.length) return [];
    const db = trx ?? this.d.db;
    return db('layouts as l')
      .join('layout_revision_dependencies as d', 'd.revision_id', 'l.published_revision_id')
      .whereIn(
        ['d.dependency_type', 'd.dependency_id'],
        deps.map((d) => [d.type, d.id]),
      )
      .distinct('l.id', 'l.name');
  }

  /** The layouts whose draft or published revision names any of these assets (widgets included), with the asset. */
  async holdingAssets(assetIds: string[], trx?: Knex.Transaction): Promise<{ asset_id: string; id: string; name: string }[]> {
    if (!assetIds.length) return [];
    const db = trx ?? this.d.db;
    return db
      .select('x.asset_id', 'l.id', 'l.name')
      .from(
        db.raw(
          `(SELECT l.id AS layout_id, (e->>'id')::uuid AS asset_id FROM layouts l, jsonb_array_elements(l.draft_dependencies) e WHERE e->>'type' IN ('asset','widget')
            UNION SELECT l.id, d.dependency_id FROM layouts l JOIN layout_revision_dependencies d ON d.revision_id = l.published_revision_id WHERE d.dependency_type IN ('asset','widget')) AS x`,
        ),
      )
      .join('layouts as l', 'l.id', 'x.layout_id')
      .whereRaw('x.asset_id = ANY(?::uuid[])', [assetIds])
      .distinct();
  }

  /** Data sources bound by published layouts, with the layouts binding each. */
  async boundSources(sourceIds?: string[]): Promise<Map<string, string[]>> {
    const query = this.d
      .db('layouts as l')
      .join('layout_revision_dependencies as d', 'd.revision_id', 'l.published_revision_id')
      .where('d.dependency_type', 'data_source')
      .select('d.dependency_id as source_id', 'l.id as layout_id');
    if (sourceIds) query.whereRaw('d.dependency_id = ANY(?::uuid[])', [sourceIds]);
    const result = new Map<string, string[]>();
    for (const row of (await query) as { source_id: string; layout_id: string }[])
      result.set(row.source_id, [...(result.get(row.source_id) ?? []), row.layout_id]);
    return result;
  }

  /** Read-only, for the dependency graph: every layout and its published dependencies. */
  async graph(): Promise<{ layouts: { id: string; name: string }[]; edges: { layout_id: string; type: string; id: string }[] }> {
    const [layouts, edges] = await Promise.all([
      this.d.db('layouts').select('id', 'name'),
      this.d
        .db('layouts as l')
        .join('layout_revision_dependencies as d', 'd.revision_id', 'l.published_revision_id')
        .select('l.id as layout_id', 'd.dependency_type as type', 'd.dependency_id as id'),
    ]);
    return { layouts, edges };
  }
}
