import type { Knex } from 'knex';
import type { TagRule } from './playlists.repository.js';
import { sqlState } from '../../kernel/db/database.js';

export interface AssignmentRow {
  screen_id: string;
  playlist_id: string;
  assigned_at: Date;
}

/** The screen_playlist_assignments table: at most one playlist per screen. */
export class AssignmentsRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  byScreen(screenId: string): Promise<AssignmentRow | undefined> {
    return this.db<AssignmentRow>('screen_playlist_assignments').where({ screen_id: screenId }).first();
  }

  /** The playlist of each of `screenIds` that has one (one query, for refreshing many screens). */
  async playlistsOf(screenIds: string[]): Promise<Map<string, string>> {
    const rows = screenIds.length
      ? await this.db('screen_playlist_assignments').whereRaw('screen_id = ANY(?::uuid[])', [screenIds]).select('screen_id', 'playlist_id')
      : [];
    return new Map(rows.map((r: { screen_id: string; playlist_id: string }) => [r.screen_id, r.playlist_id]));
  }

  /**
   * Screens whose playlist may hold `assetId`: it is one of the playlist's items (`has_item`), or
   * the playlist has an enabled tag rule, which the caller matches against the asset.
   */
  async screensMaybePlaying(assetId: string): Promise<{ screen_id: string; playlist_id: string; has_item: boolean; tag_rule: TagRule | null }[]> {
    const hasItem = `EXISTS (SELECT 1 FROM playlist_items i WHERE i.playlist_id = p.id AND i.asset_id = ?)`;
    return this.db('screen_playlist_assignments as a')
      .join('playlists as p', 'p.id', 'a.playlist_id')
      .select('a.screen_id', 'a.playlist_id', 'p.tag_rule', this.db.raw(`${hasItem} AS has_item`, [assetId]))
      .whereRaw(`(${hasItem} OR coalesce((p.tag_rule->>'enabled')::boolean, false))`, [assetId]);
  }

  async screensOf(playlistId: string, trx?: Knex.Transaction): Promise<string[]> {
    const rows = await (trx ?? this.db)('screen_playlist_assignments').where({ playlist_id: playlistId }).select('screen_id');
    return rows.map((r: { screen_id: string }) => r.screen_id);
  }

  /** Upsert; `missingPlaylist()` when the playlist is gone (the foreign key decides, so no race with a delete). */
  async assign(screenId: string, playlistId: string, missingPlaylist: () => Error): Promise<AssignmentRow> {
    try {
      const [row] = await this.db('screen_playlist_assignments')
        .insert({ screen_id: screenId, playlist_id: playlistId, assigned_at: this.db.fn.now() })
        .onConflict('screen_id')
        .merge()
        .returning('*');
      return row as AssignmentRow;
    } catch (err) {
      if (sqlState(err) === '23503') throw missingPlaylist();
      throw err;
    }
  }

  async unassign(screenId: string): Promise<boolean> {
    return (await this.db('screen_playlist_assignments').where({ screen_id: screenId }).delete()) > 0;
  }
}
