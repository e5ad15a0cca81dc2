import type { Knex } from 'knex';

/** Raw counts as PostgreSQL returns them (bigint → string). */
export interface FleetCountsRow {
  playlists_total: string;
  playlists_empty: string;
  commands_open: string;
}

// Neither the playlists nor the commands side exports an aggregate count, so this file — and only
// this file — reads their tables, read-only. Screen statuses come from the screens module itself.
// Empty: no manual items and no enabled tag rule (as playlist-reader.ts plays them); open command
// states are those of commands.repository.ts.
const COUNTS = `
  SELECT
    (SELECT count(*) FROM playlists) AS playlists_total,
    (SELECT count(*) FROM playlists p
      WHERE NOT EXISTS (SELECT 1 FROM playlist_items i WHERE i.playlist_id = p.id)
        AND NOT COALESCE((p.tag_rule->>'enabled')::boolean, false)) AS playlists_empty,
    (SELECT count(*) FROM player_commands WHERE state IN ('pending', 'delivered', 'acknowledged') AND expires_at > now()) AS commands_open`;

/** One round trip for the playlist and command counts, whatever the fleet's size. */
export class FleetCountsRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  async counts(): Promise<FleetCountsRow> {
    const { rows } = await this.db.raw<{ rows: FleetCountsRow[] }>(COUNTS);
    return rows[0]!;
  }
}
