import { asClass, asFunction } from 'awilix';
import { definePlugin, type ModulePart } from '../../kernel/plugin.js';
import { assignmentsPart } from './assignments/assignments.part.js';
import { AssignmentsRepository } from './assignments/assignments.repository.js';
import { itemsPart } from './items/items.part.js';
import { PlaylistItemsRepository } from './items/playlist-items.repository.js';
import { assetKind } from './asset-kind.js';
import { DraftsRepository } from './drafts/drafts.repository.js';
import { draftsPart } from './drafts/drafts.part.js';
import { RevisionsRepository } from './drafts/revisions.repository.js';
import { playlistKind } from './playlist-kind.js';
import { PlaylistLibrary } from './playlist-library.js';
import { PlaylistReader } from './playlist-reader.js';
import { playlistsUses } from './playlists-base-deps.js';
import type { PlaylistsDeps } from './playlists-deps.js';
import { playlistLibraryRef, playlistReaderRef } from './playlists.api.js';
import { playlistsGraph } from './playlists-graph.js';
import { PlaylistsRepository } from './playlists.repository.js';
import { playlistsRoutes } from './playlists.routes.js';
import { PlaylistsService } from './playlists.service.js';

// After the playlists' own routes, in this order, so the routes (and the OpenAPI document) keep theirs.
const parts = [itemsPart, assignmentsPart, draftsPart] as ModulePart<PlaylistsDeps>[];

/**
 * Playlists, their items and tag rule, and which playlist each screen plays (spec 4.8): the
 * playlists themselves here, their manual items, the screens' assignments and the drafts' publishing
 * (issue 30: people edit a draft, screens play what was published) each a part in its own folder.
 */
export const playlistsModule = definePlugin<PlaylistsDeps>({
  name: 'playlists',
  dependsOn: ['settings', 'media', 'screens', 'player', 'dependency-graph', 'editorial'],
  uses: playlistsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      playlistsRepository: asClass(PlaylistsRepository).singleton(),
      playlistItemsRepository: asFunction((d: PlaylistsDeps) => new PlaylistItemsRepository(d, 'published')).singleton(),
      draftItemsRepository: asFunction((d: PlaylistsDeps) => new PlaylistItemsRepository(d, 'draft')).singleton(),
      draftsRepository: asClass(DraftsRepository).singleton(),
      revisionsRepository: asClass(RevisionsRepository).singleton(),
      assignmentsRepository: asClass(AssignmentsRepository).singleton(),
      playlistsService: asFunction((d: PlaylistsDeps) => new PlaylistsService(d)).singleton(),
    });
    // Fleet health counts playlists; groups and schedules play them.
    r.export(playlistReaderRef, asFunction((d: PlaylistsDeps) => new PlaylistReader(d)).singleton());
    r.export(playlistLibraryRef, asFunction((d: PlaylistsDeps) => new PlaylistLibrary(d)).singleton());
    r.routes(playlistsRoutes);
    for (const part of parts) part(r);
    r.onStart((d) => {
      d.dependencyGraph.register(playlistsGraph(d));
      // Playlists are a kind of content screens are given.
      d.contentKinds.register(playlistKind(d));
      // A single asset can be given too (quick present), played as a playlist of that one item.
      d.contentKinds.register(assetKind(d));
      // Screens are given playlists (and other content) by assignment; playlists hold assets.
      d.contentKinds.registerScreensGiven((refs, trx) => d.assignmentsRepository.screensGiven(refs, trx));
      d.contentKinds.registerContainers((refs) => d.playlistReader.holding(refs));
      // Content an item plays (a layout) cannot be deleted while the playlist holds it.
      d.contentKinds.registerUse(async (ref, trx) =>
        ref.contentType === 'layout'
          ? (await d.playlistItemsRepository.holdingLayouts([ref.contentId], trx)).map((p) => ({ kind: 'playlist', id: p.id, name: p.name }))
          : [],
      );
      // After a committed change to an asset's files, the screens showing it are rebuilt.
      d.mediaEvents.subscribe((changes) => d.contentKinds.changed(changes.map((c) => ({ contentType: 'asset', contentId: c.assetId }))));
    });
  },
});
