import { asClass, asFunction, asValue } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { ConfigSections } from './config-sections.js';
import { ContentKinds } from './content-kinds.js';
import { ContentSources } from './content-sources.js';
import { ManifestPlugins } from './manifest-plugins.js';
import { ManifestSectionRegistry } from './manifest-sections.js';
import { playerSections } from './player-sections.js';
import { ManifestService } from './manifest.service.js';
import { playerContentRoutes } from './player-content.routes.js';
import { PlayerConfigService } from './player-config.service.js';
import { CONFIG_SOURCE_KEYS } from './player-config.js';
import { cacheFloorRule, configSettings, manifestSettings, MANIFEST_SETTING_KEYS } from './player-settings.js';
import { PlayerDownloadsService } from './player-downloads.service.js';
import { playerJobs } from './player.jobs.js';
import { PlayerStateRepository } from './player-state.repository.js';
import { configChanged, manifestChanged } from './player-messages.js';
import {
  contentKindsRef,
  contentSourcesRef,
  manifestPluginsRef,
  manifestSectionsRef,
  manifestVersionsOfRef,
  type ManifestVersionsOf,
  type PlayerRefresh,
  playerRefreshRef,
  type PlaybackStatus,
  playbackStatusRef,
  playerConfigRef,
  type PlayerConfig,
} from './player.api.js';
import { playbackStatus } from './playback-status.js';
import { playerUses } from './player-base-deps.js';
import type { PlayerDeps } from './player-deps.js';

/** What a player fetches: its manifest (with pushes when it changes), the files it lists, its config. */
export const playerModule = definePlugin<PlayerDeps>({
  name: 'player',
  dependsOn: ['settings', 'auth', 'media', 'screens'],
  uses: playerUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    // One registry per kernel: the manifest route composes its schema from it.
    const sections = new ManifestSectionRegistry();
    // The same for the config's sections.
    const configSections = new ConfigSections();
    r.provide({
      configSections: asValue(configSections),
      playerStateRepository: asClass(PlayerStateRepository).singleton(),
      manifestService: asFunction((d: PlayerDeps) => new ManifestService(d)).singleton(),
      playerDownloadsService: asFunction((d: PlayerDeps) => new PlayerDownloadsService(d)).singleton(),
      playerConfigService: asFunction((d: PlayerDeps) => new PlayerConfigService(d)).singleton(),
    });
    // Modules register what screens play (content sources) and plugins their `plugins[]` entries;
    // both say which screens a change of theirs affects.
    r.export(contentSourcesRef, asClass(ContentSources).singleton());
    r.export(manifestPluginsRef, asClass(ManifestPlugins).singleton());
    // Owners register the kinds of content screens can be given.
    r.export(contentKindsRef, asClass(ContentKinds).singleton());
    // Modules declare their manifest sections when they start.
    r.export(manifestSectionsRef, asValue(sections));
    // Policies put per-screen values in the config, other modules sections of their own: they get these methods, not the service.
    r.export(
      playerConfigRef,
      asFunction(
        ({ playerConfigService: s }: PlayerDeps): PlayerConfig => ({
          useOverrides: s.useOverrides.bind(s),
          refresh: s.refresh.bind(s),
          revision: s.revision.bind(s),
          requestResend: s.requestResend.bind(s),
          addSection: configSections.addSection.bind(configSections),
        }),
      ).singleton(),
    );
    // The console shows it beside a screen's assignment (the playlists module's answer).
    r.export(
      playbackStatusRef,
      asFunction(
        (d: PlayerDeps): PlaybackStatus =>
          (screenId) =>
            playbackStatus(d, screenId),
      ).singleton(),
    );
    // Takeovers name the version their push precedes.
    r.export(
      manifestVersionsOfRef,
      asFunction(
        ({ playerStateRepository }: PlayerDeps): ManifestVersionsOf =>
          (screenIds, trx) =>
            playerStateRepository.currentMany('manifest', screenIds, trx),
      ).singleton(),
    );
    r.export(
      playerRefreshRef,
      asFunction(
        ({ manifestService, playerConfigService, screensService }: PlayerDeps): PlayerRefresh => ({
          everyScreen: async () => {
            await manifestService.refreshMany(await screensService.ids());
            await playerConfigService.refresh();
          },
        }),
      ).singleton(),
    );
    r.routes(playerContentRoutes(sections, configSections));
    r.jobs(playerJobs);
    r.onStart(() => {
      for (const section of playerSections) sections.register(section);
    });
    r.onStart(({ playerMessages }) => {
      playerMessages.declare(manifestChanged);
      playerMessages.declare(configChanged);
    });
    // Sources and plugins say which screens a committed change may affect; the version only moves
    // (and the player is only told) when the screen's content really changed. Many screens are
    // refreshed as one batch. The logo every manifest lists is followed here; a source follows the
    // media it names itself.
    r.onStart(({ contentSources, mediaEvents, manifestPlugins, manifestService, screensService }) => {
      const forget = (screenIds: string[]) => manifestService.forget(screenIds);
      contentSources.changes.listen((screenIds) => manifestService.refreshMany(screenIds), forget);
      manifestPlugins.changes.listen((screenIds) => manifestService.refreshMany(screenIds), forget);
      mediaEvents.subscribe(async (changes) => {
        const logo = await manifestService.logoAssetId();
        if (changes.some((c) => c.assetId === logo)) await manifestService.refreshMany(await screensService.ids());
      });
    });
    // Changes other processes announced and have yet to finish stay theirs (or another's) to finish.
    r.onStop(({ contentSources, manifestPlugins }) => Promise.all([contentSources.changes.stop(), manifestPlugins.changes.stop()]).then(() => {}));
    // A screen that moves may fall under other plugin targets; its config names where it is.
    r.onStart(({ screenTargets, screenPlaces, manifestService, playerConfigService }) => {
      screenTargets.moved.subscribe((screenIds) => manifestService.refreshMany(screenIds));
      screenPlaces.changed.subscribe((screenIds) => playerConfigService.refresh(screenIds));
    });
    // A manifest is built for what its player reports: one that reports another profile (an upgrade)
    // gets a new build, so a revalidation with the old ETag is answered with it and the socket told.
    r.onStart(({ playerFactsChanged, manifestService }) => {
      playerFactsChanged.subscribe((screenIds) => manifestService.refreshMany(screenIds));
    });
    // Settings drive the config and the manifests' timing and logo: a change reaches every screen.
    r.onStart(({ settingsService, manifestService, playerConfigService, screensService }) => {
      settingsService.define([...configSettings, ...manifestSettings]);
      settingsService.defineRule(cacheFloorRule);
      settingsService.changed.subscribe(async (changes) => {
        const keys = changes.flatMap((c) => c.keys);
        if (keys.some((k) => CONFIG_SOURCE_KEYS.includes(k))) await playerConfigService.refresh();
        if (keys.some((k) => MANIFEST_SETTING_KEYS.includes(k))) await manifestService.refreshMany(await screensService.ids());
      });
    });
  },
});
