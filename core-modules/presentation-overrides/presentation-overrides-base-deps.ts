import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { contentKindsRef, contentSourcesRef, manifestSectionsRef } from '../player/player.api.js';
import { screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import { screenDirectoryRef } from '../screens/screens.api.js';
import { takeoversRef } from '../takeovers/takeovers.api.js';
import type { PresentationOverridesRepository } from './presentation-overrides.repository.js';

export const presentationOverridesUses = {
  consoleEvents: consoleEventsRef,
  screenGroups: screenGroupsRef,
  screensService: screenDirectoryRef,
  contentSources: contentSourcesRef,
  contentKinds: contentKindsRef,
  manifestSections: manifestSectionsRef,
  takeovers: takeoversRef,
};

/** What the quick present services build on: its table and what it uses of other modules. */
export interface PresentationOverridesBaseDeps extends KernelDeps, UsedDeps<typeof presentationOverridesUses> {
  presentationOverridesRepository: PresentationOverridesRepository;
}
