import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import type { OrganizationRepository } from '../auth/organization.repository.js';
import type { AssetsRepository } from '../media/assets.repository.js';
import type { MediaEvents } from '../media/media-events.js';
import type { AssignmentsRepository } from '../playlists/assignments.repository.js';
import type { PlaylistEvents } from '../playlists/playlist-events.js';
import type { PlaylistReader } from '../playlists/playlist-reader.js';
import type { ScreenNotifier } from '../screens/screen-notifier.js';
import type { ScreensService } from '../screens/screens.service.js';
import type { ScreenTargets } from '../screens/screen-targets.js';
import type { ScreenPlaces } from '../screens/screen-places.js';
import type { SettingsService } from '../settings/settings.service.js';
import { ManifestPlugins } from './manifest-plugins.js';
import { ManifestService } from './manifest.service.js';
import { playerContentRoutes } from './player-content.routes.js';
import { PlayerConfigService } from './player-config.service.js';
import { CONFIG_SOURCE_KEYS } from './player-config.js';
import { cacheFloorRule, configSettings, manifestSettings, MANIFEST_SETTING_KEYS } from './player-settings.js';
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
  screenPlaces: ScreenPlaces;
  settingsService: SettingsService;
  organizationRepository: OrganizationRepository;
}

/** What a player fetches: its manifest (with pushes when it changes), the files it lists, its config. */
export const playerModule = definePlugin<PlayerDeps>({
  name: 'player',
  dependsOn: ['settings', 'auth', 'media', 'screens', 'playlists'],
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
    // The logo every manifest lists is followed like an item.
    r.onStart(({ playlistEvents, mediaEvents, playlistReader, manifestPlugins, manifestService, screensService }) => {
      manifestPlugins.whenChanged((screenIds) => manifestService.refreshMany(screenIds));
      playlistEvents.subscribe((event) => manifestService.refreshMany(event.screenIds));
      mediaEvents.subscribe(async ({ assetId }) => {
        const everyScreen = assetId === (await manifestService.logoAssetId());
        await manifestService.refreshMany(everyScreen ? await screensService.ids() : await playlistReader.screensPlaying(assetId));
      });
    });
    // A screen that moves may fall under other plugin targets; its config names where it is.
    r.onStart(({ screenTargets, screenPlaces, manifestService, playerConfigService }) => {
      screenTargets.moved.subscribe((screenId) => manifestService.refreshMany([screenId]));
      screenPlaces.changed.subscribe((screenIds) => playerConfigService.refresh(screenIds));
    });
    // Settings drive the config and the manifests' timing and logo: a change reaches every screen.
    r.onStart(({ settingsService, manifestService, playerConfigService, screensService }) => {
      settingsService.define([...configSettings, ...manifestSettings]);
      settingsService.defineRule(cacheFloorRule);
      settingsService.changed.subscribe(async ({ keys }) => {
        if (keys.some((k) => CONFIG_SOURCE_KEYS.includes(k))) await playerConfigService.refresh();
        if (keys.some((k) => MANIFEST_SETTING_KEYS.includes(k))) await manifestService.refreshMany(await screensService.ids());
      });
    });
  },
});
