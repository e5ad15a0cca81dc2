import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { libraryOrder } from '../../../kernel/db/library-order.js';
import { containsPattern } from '../../../kernel/db/like.js';
import type { KernelDeps } from '../../../kernel/kernel.js';
import type { LibrarySort } from '../../../kernel/http/wire.js';
import { type DraftPlaylistRow, type DraftRow, PlaylistDraftModel, type PlaylistValues, type TagRule } from '../playlists.models.js';

type DraftValues = PlaylistValues & { tag_rule?: TagRule | null };

/** The `playlist_drafts` table: each playlist's working copy. The only place that queries it. */
export class DraftsRepository {
  private readonly drafts: typeof PlaylistDraftModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.drafts = PlaylistDraftModel.bindKnex(db);
  }

  // A draft with what its playlist says: the published revision, creation time and keeper, and the draft's manual item count.
  private withPlaylist(trx?: Knex.Transaction) {
    return this.drafts
      .query(trx)
      .alias('d')
      .join('playlists as p', 'p.id', 'd.playlist_id')
      .select(
        'p.id',
        'd.name',
        'd.description',
        'p.revision',
        'd.tag_rule',
        'p.managed_by',
        'p.created_at',
        'd.updated_at',
        'd.revision as draft_revision',
        'd.published_draft_revision',
        raw('(SELECT count(*)::int FROM playlist_draft_items i WHERE i.playlist_id = p.id) AS item_count'),
      );
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<DraftPlaylistRow | undefined> {
    return this.withPlaylist(trx).where('d.playlist_id', id).first().castTo<DraftPlaylistRow | undefined>();
  }

  /** People's playlists as their drafts name them (those a module keeps are its own to show). */
  async list(q: { search?: string; sort: LibrarySort; page: number; pageSize: number }): Promise<{ rows: DraftPlaylistRow[]; total: number }> {
    // The search is literal text: LIKE wildcards typed by the user match only themselves.
    const pattern = q.search ? containsPattern(q.search) : undefined;
    const inner = this.withPlaylist().whereNull('p.managed_by');
    if (pattern) inner.where((w) => w.whereILike('d.name', pattern).orWhereILike('d.description', pattern));
    const { results, total } = await this.drafts
      .query()
      .from(inner.toKnexQuery().as('v'))
      .select('v.*')
      .orderByRaw(libraryOrder(q.sort, 'v'))
      .page(q.page - 1, q.pageSize)
      .castTo<{ results: DraftPlaylistRow[]; total: number }>();
    return { rows: results, total };
  }

  /** A new playlist's draft, at revision `revision`; `published` is the draft revision its published rows were made from. */
  async insert(
    playlistId: string,
    values: Required<DraftValues>,
    revisions: { revision: number; published: number },
    updatedBy: string | null,
    trx: Knex.Transaction,
  ) {
    await this.drafts.query(trx).insert({
      playlist_id: playlistId,
      ...values,
      revision: revisions.revision,
      published_draft_revision: revisions.published,
      updated_by: updatedBy,
    });
  }

  /** Applies the changes as the draft's next revision, which it answers; undefined when there is no such draft. */
  async change(id: string, values: DraftValues, updatedBy: string | null, trx: Knex.Transaction): Promise<number | undefined> {
    const rows = (await this.drafts
      .query(trx)
      .where({ playlist_id: id })
      .patch({ ...values, revision: raw('revision + 1'), updated_by: updatedBy, updated_at: fn.now() })
      .returning('revision')) as unknown as Pick<DraftRow, 'revision'>[];
    return rows[0]?.revision;
  }

  /** The published rows were made from the draft at `revision`: no unpublished changes while it stays there. */
  async markPublished(id: string, revision: number, trx: Knex.Transaction): Promise<void> {
    await this.drafts.query(trx).where({ playlist_id: id, revision }).patch({ published_draft_revision: revision });
  }
}
