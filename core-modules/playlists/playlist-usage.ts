import type { Knex } from 'knex';

/** Something that plays a playlist and keeps it from being deleted: a screen group, a schedule, … */
export interface PlaylistUse {
  kind: string;
  id: string;
  name: string;
}

/** Asked, in the deleting transaction, who uses the playlist now. */
export type PlaylistUseChecker = (playlistId: string, trx: Knex.Transaction) => Promise<PlaylistUse[]>;

/**
 * Who uses a playlist, beyond the screens assigned to it (their foreign key guards those): modules
 * that play playlists register a checker here, and a delete is refused while any reports a use.
 */
export class PlaylistUsageRegistry {
  private readonly checkers: PlaylistUseChecker[] = [];

  register(checker: PlaylistUseChecker): void {
    this.checkers.push(checker);
  }

  async usesOf(playlistId: string, trx: Knex.Transaction): Promise<PlaylistUse[]> {
    const uses: PlaylistUse[] = [];
    // One after another: they share the transaction's connection.
    for (const check of this.checkers) uses.push(...(await check(playlistId, trx)));
    return uses;
  }
}
