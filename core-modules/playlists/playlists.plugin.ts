import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { assignmentContentSource } from './assignment-content-source.js';
import { AssignmentsRepository } from './assignments.repository.js';
import { assignmentsRoutes } from './assignments.routes.js';
import { AssignmentsService } from './assignments.service.js';
import { PlaylistItemsRepository } from './playlist-items.repository.js';
import { PlaylistItemsService } from './playlist-items.service.js';
import { PlaylistLibrary } from './playlist-library.js';
import { playlistKind } from './playlist-kind.js';
import { PlaylistReader } from './playlist-reader.js';
import { playlistsGraph } from './playlists-graph.js';
import { PlaylistsRepository } from './playlists.repository.js';
import { playlistsRoutes } from './playlists.routes.js';
import { PlaylistsService } from './playlists.service.js';
import { playlistLibraryRef, playlistReaderRef } from './playlists.api.js';
import { playlistsUses, type PlaylistsDeps } from './playlists-deps.js';

/** Playlists, their items and tag rule, and which playlist each screen plays (spec 4.8). */
export const playlistsModule = definePlugin<PlaylistsDeps>({
  name: 'playlists',
  dependsOn: ['settings', 'media', 'screens', 'player', 'dependency-graph'],
  uses: playlistsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      playlistsRepository: asClass(PlaylistsRepository).singleton(),
      playlistItemsRepository: asClass(PlaylistItemsRepository).singleton(),
      assignmentsRepository: asClass(AssignmentsRepository).singleton(),
      playlistsService: asFunction((d: PlaylistsDeps) => new PlaylistsService(d)).singleton(),
      playlistItemsService: asFunction((d: PlaylistsDeps) => new PlaylistItemsService(d)).singleton(),
      assignmentsService: asFunction((d: PlaylistsDeps) => new AssignmentsService(d)).singleton(),
    });
    // Fleet health counts playlists; groups and schedules play them.
    r.export(playlistReaderRef, asFunction((d: PlaylistsDeps) => new PlaylistReader(d)).singleton());
    r.export(playlistLibraryRef, asFunction((d: PlaylistsDeps) => new PlaylistLibrary(d)).singleton());
    r.routes([...playlistsRoutes, ...assignmentsRoutes]);
    // Assets in manual items cannot be deleted or archived (409 asset_in_use). Tag-rule items are
    // computed on read, so their assets simply drop out instead.
    r.onStart(({ assetUsage, playlistItemsRepository }) => {
      assetUsage.register((assetIds, trx) => playlistItemsRepository.usesOf(assetIds, trx));
    });
    r.onStart((d) => d.dependencyGraph.register(playlistsGraph(d)));
    // The playlist assigned to a screen is what it plays unless a higher-ranked source says otherwise.
    // After a committed change, the screens it may affect are rebuilt; so are those playing an asset
    // whose files changed.
    // Playlists are a kind of content screens are given; a screen's own content is a use of it.
    r.onStart((d) => {
      d.contentKinds.register(playlistKind(d));
      d.contentKinds.registerUse((ref, trx) => d.assignmentsService.usesOf(ref, trx));
    });
    r.onStart((d) => {
      d.contentSources.register(assignmentContentSource(d));
      d.mediaEvents.subscribe(async ({ assetId }) => {
        await d.contentSources.changed(await d.playlistReader.screensPlaying(assetId));
        await d.playlistLibrary.tell(await d.playlistReader.playlistsHolding(assetId));
      });
    });
  },
});
