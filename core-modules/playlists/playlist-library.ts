import type { Knex } from 'knex';
import type { BuildMemo, ContentRef, SourceContent } from '../player/player.api.js';
import { playlistContent } from './playlist-content.js';
import type { PlaylistReaderDeps } from './playlist-reader-deps.js';
import type { PlaylistLibrary as PlaylistLibraryFace } from './playlists.api.js';
import type { PlaylistsService } from './playlists.service.js';

type Deps = Pick<PlaylistReaderDeps, 'assignmentsRepository' | 'playlistReader' | 'mediaLibrary' | 'contentKinds'> & { playlistsService: PlaylistsService };

/**
 * Playlists as screens play them, and as groups hand them on (exported as `playlistLibrary`).
 * Naming, checking and holding a playlist is done through contentKinds (the playlist kind,
 * playlist-kind.ts), and so is following its changes (`contentKinds.changed`, at publication).
 */
export class PlaylistLibrary {
  constructor(private readonly d: Deps) {}

  /** The playlist as a screen plays it, with its files; undefined when it is gone. Read once per build pass. */
  content(playlistId: string, memo: BuildMemo): Promise<SourceContent | undefined> {
    return memo.batched('playlists.content', playlistId, (ids) => this.contents(ids, memo));
  }

  // A few queries however many playlists: the playlists, their items, what playing their assets
  // needs, and their layouts' content (each read once in the pass).
  private async contents(ids: string[], memo: BuildMemo): Promise<Map<string, SourceContent>> {
    const playlists = await this.d.playlistReader.findMany(ids);
    const items = [...playlists.values()].flatMap((p) => p.items);
    const layoutIds = [...new Set(items.flatMap((i) => (i.layoutId ? [i.layoutId] : [])))];
    const [playable, layouts] = await Promise.all([
      this.d.mediaLibrary.playable(items.flatMap((i) => (i.layoutId ? [] : [i.assetId]))),
      Promise.all(layoutIds.map(async (id) => [id, await this.d.contentKinds.content({ contentType: 'layout', contentId: id }, memo)] as const)),
    ]);
    const layoutContent = new Map(layouts.flatMap(([id, content]) => (content ? [[id, content] as const] : [])));
    return new Map([...playlists].map(([id, playlist]) => [id, playlistContent(playlist, playable, layoutContent)]));
  }

  /**
   * Makes the content the screens' own where they have none: a screen leaving a group keeps playing
   * what the group gave it. In the caller's transaction, which holds the content (the group's row
   * names it, so its delete is refused until this commits); the caller rebuilds the screen's manifest.
   */
  keepAsAssignment(screenIds: string[], ref: ContentRef, trx: Knex.Transaction): Promise<void> {
    return this.d.assignmentsRepository.assignIfNone(screenIds, ref, trx);
  }

  createManaged(...args: Parameters<PlaylistLibraryFace['createManaged']>): Promise<string> {
    return this.d.playlistsService.createManaged(...args);
  }

  removeManaged(id: string, trx: Knex.Transaction): Promise<void> {
    return this.d.playlistsService.removeManaged(id, trx);
  }
}
