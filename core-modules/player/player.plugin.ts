import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import type { AssetsRepository } from '../media/assets.repository.js';
import type { AssignmentsRepository } from '../playlists/assignments.repository.js';
import type { PlaylistEvents } from '../playlists/playlist-events.js';
import type { PlaylistReader } from '../playlists/playlist-reader.js';
import type { ScreenNotifier } from '../screens/screen-notifier.js';
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
  screenNotifier: ScreenNotifier;
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
    // Playlists emits after each committed change; the version only moves (and the player is only
    // told) when the screen's content really changed. Media has no variant-change event yet: a
    // reprocessed asset is picked up on the next manifest fetch instead (ManifestService.manifest
    // records the content it serves), and a future media event would call refresh() here the same way.
    r.onStart(({ playlistEvents, manifestPlugins, manifestService }) => {
      manifestPlugins.whenChanged(async (screenIds) => {
        for (const screenId of screenIds) await manifestService.refresh(screenId);
      });
      playlistEvents.subscribe(async (event) => {
        for (const screenId of event.screenIds) await manifestService.refresh(screenId);
      });
    });
  },
});
