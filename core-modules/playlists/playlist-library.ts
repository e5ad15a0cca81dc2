import type { Knex } from 'knex';
import type { BuildMemo, ContentRef, SourceContent } from '../player/player.api.js';
import { playlistContent } from './playlist-content.js';
import type { PlaylistReaderDeps } from './playlist-reader-deps.js';

type Deps = Pick<PlaylistReaderDeps, 'assignmentsRepository' | 'playlistReader' | 'mediaLibrary' | 'contentSources'>;

/**
 * Told with the playlists whose content may have changed (edited, deleted, or one of their media);
 * with the change's transaction when there is one, to pass on to `contentSources.changed`.
 */
export type PlaylistsChangedListener = (playlistIds: string[], trx?: Knex.Transaction) => Promise<void> | void;

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

  /**
   * For the module itself: playlists whose content may differ now, to the listeners. With the
   * change's transaction, inside it; without (a medium's new files), after the commit.
   */
  async tell(playlistIds: string[], trx?: Knex.Transaction): Promise<void> {
    if (!playlistIds.length) return;
    for (const listener of this.listeners) await listener(playlistIds, trx);
  }

  /**
   * For the module itself, inside the transaction of a change to these playlists: every screen they
   * reach (assigned them here, through groups and schedules) is rebuilt from the commit.
   */
  async changed(playlistIds: string[], trx: Knex.Transaction): Promise<void> {
    const screenIds: string[] = [];
    for (const contentId of playlistIds) screenIds.push(...(await this.d.assignmentsRepository.screensOf({ contentType: 'playlist', contentId }, trx)));
    await this.d.contentSources.changed(screenIds, trx);
    await this.tell(playlistIds, trx);
  }
}
