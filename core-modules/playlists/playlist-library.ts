import type { Knex } from 'knex';
import type { MediaLibrary } from '../media/media.api.js';
import type { BuildMemo, ContentRef, SourceContent } from '../player/player.api.js';
import { playlistContent } from './assignment-content-source.js';
import type { AssignmentsRepository } from './assignments.repository.js';
import type { PlaylistReader } from './playlist-reader.js';
import type { PlaylistsRepository } from './playlists.repository.js';

interface Deps {
  playlistsRepository: PlaylistsRepository;
  assignmentsRepository: AssignmentsRepository;
  playlistReader: PlaylistReader;
  mediaLibrary: MediaLibrary;
}

/** Told with the playlists whose content may have changed (edited, deleted, or one of their media). */
export type PlaylistsChangedListener = (playlistIds: string[]) => Promise<void> | void;

/**
 * Playlists as other modules use them (exported as `playlistLibrary`): groups and schedules follow
 * their changes and hand screens their content. Naming, checking and holding a playlist is done
 * through contentKinds (the playlist kind, playlist-kind.ts).
 */
export class PlaylistLibrary {
  private readonly listeners: PlaylistsChangedListener[] = [];

  constructor(private readonly d: Deps) {}

  /** The playlist as a screen plays it, with its files; undefined when it is gone. Read once per build pass. */
  content(playlistId: string, memo: BuildMemo): Promise<SourceContent | undefined> {
    return memo.batched('playlists.content', playlistId, (ids) => this.contents(ids));
  }

  // A few queries however many playlists: the playlists, their items, and what playing their assets needs.
  private async contents(ids: string[]): Promise<Map<string, SourceContent>> {
    const playlists = await this.d.playlistReader.findMany(ids);
    const playable = await this.d.mediaLibrary.playable([...playlists.values()].flatMap((p) => p.items.map((i) => i.assetId)));
    return new Map([...playlists].map(([id, playlist]) => [id, playlistContent(playlist, playable)]));
  }

  /**
   * Makes the content the screens' own where they have none: a screen leaving a group keeps playing
   * what the group gave it. In the caller's transaction, which holds the content (the group's row
   * names it, so its delete is refused until this commits); the caller rebuilds the screen's manifest.
   */
  keepAsAssignment(screenIds: string[], ref: ContentRef, trx: Knex.Transaction): Promise<void> {
    return this.d.assignmentsRepository.assignIfNone(screenIds, ref, trx);
  }

  onChange(listener: PlaylistsChangedListener): void {
    this.listeners.push(listener);
  }

  /** For the module itself, after a committed change: playlists whose content may differ now. */
  async tell(playlistIds: string[]): Promise<void> {
    if (!playlistIds.length) return;
    for (const listener of this.listeners) await listener(playlistIds);
  }
}
