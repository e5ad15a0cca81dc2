import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { AssignmentModel } from './playlists.models.js';
import type { TagRule } from './playlists.repository.js';
import { sqlState } from '../../kernel/db/database.js';

export interface AssignmentRow {
  screen_id: string;
  playlist_id: string;
  assigned_at: Date;
}

/** The screen_playlist_assignments table: at most one playlist per screen. */
export class AssignmentsRepository {
  private readonly assignments: typeof AssignmentModel;

  constructor({ db }: { db: Knex }) {
    this.assignments = AssignmentModel.bindKnex(db);
  }

  async byScreen(screenId: string): Promise<AssignmentRow | undefined> {
    return this.assignments.query().findById(screenId);
  }

  /** The playlist of each of `screenIds` that has one (one query, for refreshing many screens). */
  async playlistsOf(screenIds: string[]): Promise<Map<string, string>> {
    const rows = screenIds.length ? await this.assignments.query().whereRaw('screen_id = ANY(?::uuid[])', [screenIds]).select('screen_id', 'playlist_id') : [];
    return new Map(rows.map((r) => [r.screen_id, r.playlist_id]));
  }

  /**
   * Screens whose playlist may hold `assetId`: it is one of the playlist's items (`has_item`), or
   * the playlist has an enabled tag rule, which the caller matches against the asset.
   */
  async screensMaybePlaying(assetId: string): Promise<{ screen_id: string; playlist_id: string; has_item: boolean; tag_rule: TagRule | null }[]> {
    const hasItem = `EXISTS (SELECT 1 FROM playlist_items i WHERE i.playlist_id = p.id AND i.asset_id = ?)`;
    return this.assignments
      .query()
      .alias('a')
      .join('playlists as p', 'p.id', 'a.playlist_id')
      .select('a.screen_id', 'a.playlist_id', 'p.tag_rule', raw(`${hasItem} AS has_item`, [assetId]))
      .whereRaw(`(${hasItem} OR coalesce((p.tag_rule->>'enabled')::boolean, false))`, [assetId])
      .castTo<{ screen_id: string; playlist_id: string; has_item: boolean; tag_rule: TagRule | null }[]>();
  }

  async screensOf(playlistId: string, trx?: Knex.Transaction): Promise<string[]> {
    const rows = await this.assignments.query(trx).where({ playlist_id: playlistId }).select('screen_id');
    return rows.map((r) => r.screen_id);
  }

  /** Upsert; `missingPlaylist()` when the playlist is gone (the foreign key decides, so no race with a delete). */
  async assign(screenId: string, playlistId: string, missingPlaylist: () => Error): Promise<AssignmentRow> {
    try {
      return await this.assignments
        .query()
        .insert({ screen_id: screenId, playlist_id: playlistId, assigned_at: fn.now() })
        .onConflict('screen_id')
        .merge()
        .returning('*');
    } catch (err) {
      if (sqlState(err) === '23503') throw missingPlaylist();
      throw err;
    }
  }

  /** Assigns the playlist to each screen that has none yet, in one statement; in the caller's transaction. */
  async assignIfNone(screenIds: string[], playlistId: string, trx: Knex.Transaction): Promise<void> {
    if (!screenIds.length) return;
    await this.assignments
      .query(trx)
      .insert(screenIds.map((screen_id) => ({ screen_id, playlist_id: playlistId, assigned_at: fn.now() })))
      .onConflict('screen_id')
      .ignore();
  }

  async unassign(screenId: string): Promise<boolean> {
    return (await this.assignments.query().deleteById(screenId)) > 0;
  }
}
