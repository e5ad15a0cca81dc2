import type { Knex } from 'knex';
import { fn } from 'objection';
import type { KernelDeps } from '../../../kernel/kernel.js';
import type { ContentRef } from '../../player/player.api.js';
import { refKey } from '../../player/player.api.js';
import { type AssignmentRow, AssignmentModel } from '../playlists.models.js';

export const refOf = (row: Pick<AssignmentRow, 'content_type' | 'content_id'>): ContentRef => ({
  contentType: row.content_type,
  contentId: row.content_id,
});

/**
 * The screen_playlist_assignments table: at most one piece of content (a playlist, or another
 * registered kind) per screen. Writers check the content through contentKinds in the same
 * transaction, which holds it until commit: see ContentKinds.assertUnused for the delete side.
 */
export class AssignmentsRepository {
  private readonly assignments: typeof AssignmentModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.assignments = AssignmentModel.bindKnex(db);
  }

  async byScreen(screenId: string): Promise<AssignmentRow | undefined> {
    return this.assignments.query().findById(screenId);
  }

  /** The content of each of `screenIds` that has some, as `refKey`s (one query, for refreshing many screens). */
  async contentOf(screenIds: string[]): Promise<Map<string, string>> {
    const rows = screenIds.length
      ? await this.assignments.query().whereRaw('screen_id = ANY(?::uuid[])', [screenIds]).select('screen_id', 'content_type', 'content_id')
      : [];
    return new Map(rows.map((r) => [r.screen_id, refKey(refOf(r))]));
  }

  /** The screens assigned any of `refs`. */
  async screensGiven(refs: ContentRef[], trx?: Knex.Transaction): Promise<string[]> {
    if (!refs.length) return [];
    const rows = await this.assignments
      .query(trx)
      .where((q) => {
        for (const ref of refs) q.orWhere({ content_type: ref.contentType, content_id: ref.contentId });
      })
      .select('screen_id');
    return rows.map((r) => r.screen_id);
  }

  /** Every assignment of a playlist, for the dependency graph. */
  async playlistAssignments(): Promise<{ screen_id: string; content_id: string }[]> {
    return this.assignments.query().where({ content_type: 'playlist' }).select('screen_id', 'content_id');
  }

  /** Upsert, in the transaction that has checked the content and holds it (contentKinds.check). */
  async assign(screenId: string, ref: ContentRef, trx?: Knex.Transaction): Promise<AssignmentRow> {
    return this.assignments
      .query(trx)
      .insert({ screen_id: screenId, content_type: ref.contentType, content_id: ref.contentId, assigned_at: fn.now() })
      .onConflict('screen_id')
      .merge()
      .returning('*');
  }

  /** Assigns the content to each screen that has none yet, in one statement; in the caller's transaction. */
  async assignIfNone(screenIds: string[], ref: ContentRef, trx: Knex.Transaction): Promise<void> {
    if (!screenIds.length) return;
    await this.assignments
      .query(trx)
      .insert(screenIds.map((screen_id) => ({ screen_id, content_type: ref.contentType, content_id: ref.contentId, assigned_at: fn.now() })))
      .onConflict('screen_id')
      .ignore();
  }

  async unassign(screenId: string, trx?: Knex.Transaction): Promise<boolean> {
    return (await this.assignments.query(trx).deleteById(screenId)) > 0;
  }
}
