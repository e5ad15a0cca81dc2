import type { Knex } from 'knex';

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
      if ((err as { code?: string }).code === '23503') throw missingPlaylist();
      throw err;
    }
  }

  async unassign(screenId: string): Promise<boolean> {
    return (await this.db('screen_playlist_assignments').where({ screen_id: screenId }).delete()) > 0;
  }
}
