import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { organizationRef } from '../auth/auth.api.js';
import { mediaEventsRef, mediaLibraryRef } from '../media/media.api.js';
import { playerFactsChangedRef, playerMessagesRef, screenDirectoryRef, screenPlacesRef, screenTargetsRef } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { ConfigSections } from './config-sections.js';
import type { ManifestSectionRegistry } from './manifest-sections.js';
import type { PlayerStateRepository } from './player-state.repository.js';

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

/**
 * What every part of the player module builds on: what it uses, its table and the sections'
 * registry. The sources, the manifest service and the services reading it sit in the layers
 * above, so no service's own deps file names it.
 */
export interface PlayerBaseDeps extends KernelDeps, UsedDeps<typeof playerUses> {
  playerStateRepository: PlayerStateRepository;
  manifestSections: ManifestSectionRegistry;
  configSections: ConfigSections;
}
