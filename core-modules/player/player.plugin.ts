import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import type { AssetsRepository } from '../media/assets.repository.js';
import type { MediaEvents } from '../media/media-events.js';
import type { AssignmentsRepository } from '../playlists/assignments.repository.js';
import type { PlaylistEvents } from '../playlists/playlist-events.js';
import type { PlaylistReader } from '../playlists/playlist-reader.js';
import type { ScreenNotifier } from '../screens/screen-notifier.js';
import type { ScreensService } from '../screens/screens.service.js';
import type { ScreenTargets } from '../screens/screen-targets.js';
import { ManifestPlugins } from './manifest-plugins.js';
import { ManifestService } from './manifest.service.js';
import { playerContentRoutes } from './player-content.routes.js';
import { PlayerConfigService } from './player-config.service.js';
import { PlayerDownloadsService } from './player-downloads.service.js';
import { PlayerStateRepository } from './player-state.repository.js';

export interface PlayerDeps extends KernelDeps {
  // From media, screens and playlists (their exports).
  assetsRepository: AssetsRepository;
  mediaEvents: MediaEvents;
  screenNotifier: ScreenNotifier;
  screensService: ScreensService;
  assignmentsRepository: AssignmentsRepository;
  playlistReader: PlaylistReader;
  playlistEvents: PlaylistEvents;
  // Own.
  playerStateRepository: PlayerStateRepository;
  manifestService: ManifestService;
  playerDownloadsService: PlayerDownloadsService;
  playerConfigService: PlayerConfigService;
  manifestPlugins: ManifestPlugins;
  screenTargets: ScreenTargets;
}

/** What a player fetches: its manifest (with pushes when it changes), the files it lists, its config. */
export const playerModule = definePlugin<PlayerDeps>({
  name: 'player',
  dependsOn: ['settings', 'media', 'screens', 'playlists'],
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide(
      {
        playerStateRepository: asClass(PlayerStateRepository).singleton(),
        manifestService: asFunction((d: PlayerDeps) => new ManifestService(d)).singleton(),
        playerDownloadsService: asFunction((d: PlayerDeps) => new PlayerDownloadsService(d)).singleton(),
        playerConfigService: asFunction((d: PlayerDeps) => new PlayerConfigService(d)).singleton(),
        manifestPlugins: asClass(ManifestPlugins).singleton(),
      },
      // Plugins contribute manifest `plugins[]` entries and say which screens a change of theirs affects.
      { exports: ['manifestPlugins'] },
    );
    r.routes(playerContentRoutes);
    // Playlists and media emit after each committed change; the version only moves (and the player
    // is only told) when the screen's content really changed. Many screens are refreshed as one batch.
    r.onStart(({ playlistEvents, mediaEvents, playlistReader, manifestPlugins, manifestService }) => {
      manifestPlugins.whenChanged((screenIds) => manifestService.refreshMany(screenIds));
      playlistEvents.subscribe((event) => manifestService.refreshMany(event.screenIds));
      mediaEvents.subscribe(async ({ assetId }) => manifestService.refreshMany(await playlistReader.screensPlaying(assetId)));
    });
    // A screen that moves may fall under other plugin targets, and its config names its location.
    r.onStart(({ screenTargets, manifestService, playerConfigService }) => {
      screenTargets.moved.subscribe(async (screenId) => {
        await manifestService.refreshMany([screenId]);
        await playerConfigService.refresh(screenId);
      });
    });
  },
});
