import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { organizationRef } from '../auth/auth.api.js';
import { mediaEventsRef, mediaLibraryRef } from '../media/media.api.js';
import { playerFactsChangedRef } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { ContentKinds } from './content-kinds.js';
import type { ContentSources } from './content-sources.js';
import type { ManifestSectionRegistry } from './manifest-sections.js';
import type { ManifestPlugins } from './manifest-plugins.js';
import type { ManifestService } from './manifest.service.js';
import type { PlayerConfigService } from './player-config.service.js';
import type { PlayerDownloadsService } from './player-downloads.service.js';
import type { PlayerStateRepository } from './player-state.repository.js';
import { playerMessagesRef, screenDirectoryRef, screenTargetsRef, screenPlacesRef } from '../screens/screens.api.js';

export const playerUses = {
  settingsService: settingsServiceRef,
  organization: organizationRef,
  mediaLibrary: mediaLibraryRef,
  mediaEvents: mediaEventsRef,
  playerMessages: playerMessagesRef,
  screensService: screenDirectoryRef,
  screenTargets: screenTargetsRef,
  screenPlaces: screenPlacesRef,
  playerFactsChanged: playerFactsChangedRef,
};

export interface PlayerDeps extends KernelDeps, UsedDeps<typeof playerUses> {
  // Own.
  playerStateRepository: PlayerStateRepository;
  manifestService: ManifestService;
  playerDownloadsService: PlayerDownloadsService;
  playerConfigService: PlayerConfigService;
  manifestPlugins: ManifestPlugins;
  contentSources: ContentSources;
  manifestSections: ManifestSectionRegistry;
  contentKinds: ContentKinds;
}
