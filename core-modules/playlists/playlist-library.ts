import type { Knex } from 'knex';
import type { MediaLibrary } from '../media/media.api.js';
import type { BuildMemo, SourceContent } from '../player/player.api.js';
import { playlistContent } from './assignment-content-source.js';
import type { AssignmentsRepository } from './assignments.repository.js';
import type { PlaylistReader } from './playlist-reader.js';
import type { PlaylistUsageRegistry } from './playlist-usage.js';
import type { PlaylistsRepository } from './playlists.repository.js';

interface Deps {
  playlistsRepository: PlaylistsRepository;
  assignmentsRepository: AssignmentsRepository;
  playlistReader: PlaylistReader;
  playlistUsage: PlaylistUsageRegistry;
  mediaLibrary: MediaLibrary;
}

/** Told with the playlists whose content may have changed (edited, deleted, or one of their media). */
export type PlaylistsChangedListener = (playlistIds: string[]) => Promise<void> | void;

/**
 * Playlists as other modules use them (exported as `playlistLibrary`): groups and schedules name
 * playlists, put them in manifests, follow their changes and keep them from being deleted.
 */
export class PlaylistLibrary {
  private readonly listeners: PlaylistsChangedListener[] = [];

  constructor(private readonly d: Deps) {}

  /** The playlist as a screen plays it, with its files; undefined when it is gone. Read once per build pass. */
  content(playlistId: string, memo: BuildMemo): Promise<SourceContent | undefined> {
    return memo.batched('playlists.content', playlistId, (ids) => this.contents(ids));
  }

  // Four queries however many playlists: the playlists, their items, and their files.
  private async contents(ids: string[]): Promise<Map<string, SourceContent>> {
    const playlists = await this.d.playlistReader.findMany(ids);
    const served = await this.d.mediaLibrary.served([...playlists.values()].flatMap((p) => p.items.map((i) => i.assetId)));
    return new Map([...playlists].map(([id, playlist]) => [id, playlistContent(playlist, served)]));
  }

  /**
   * Locks the existing ones among `ids` until `trx` ends, so a delete cannot slip between a use being
   * checked and recorded; returns them. Call before writing a use.
   */
  holdForUse(ids: string[], trx: Knex.Transaction): Promise<string[]> {
    return this.d.playlistsRepository.share(ids, trx);
  }

  /**
   * Makes the playlist the screens' own where they have none: a screen leaving a group keeps playing
   * what the group gave it. In the caller's transaction; the caller rebuilds the screen's manifest.
   */
  keepAsAssignment(screenIds: string[], playlistId: string, trx: Knex.Transaction): Promise<void> {
    return this.d.assignmentsRepository.assignIfNone(screenIds, playlistId, trx);
  }

  /** The name of each of `ids` that exists. */
  namesOf(ids: string[]): Promise<Map<string, string>> {
    return this.d.playlistsRepository.namesOf(ids);
  }

  onChange(listener: PlaylistsChangedListener): void {
    this.listeners.push(listener);
  }

  /** Registers who uses a playlist: a delete is refused (409 playlist_in_use) while one does. */
  registerUsage(...args: Parameters<PlaylistUsageRegistry['register']>): void {
    this.d.playlistUsage.register(...args);
  }

  /** For the module itself, after a committed change: playlists whose content may differ now. */
  async tell(playlistIds: string[]): Promise<void> {
    if (!playlistIds.length) return;
    for (const listener of this.listeners) await listener(playlistIds);
  }
}
