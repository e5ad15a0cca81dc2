import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { passwordCheckRef } from '../auth/auth.api.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { contentKindsRef, contentSourcesRef, manifestSectionsRef, manifestVersionsOfRef } from '../player/player.api.js';
import { screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import { heartbeatExtensionsRef, playerMessagesRef, screenDirectoryRef } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { TakeoversRepository } from './takeovers.repository.js';

export const takeoversUses = {
  settingsService: settingsServiceRef,
  passwordCheck: passwordCheckRef,
  consoleEvents: consoleEventsRef,
  screenGroups: screenGroupsRef,
  screensService: screenDirectoryRef,
  heartbeatExtensions: heartbeatExtensionsRef,
  playerMessages: playerMessagesRef,
  contentSources: contentSourcesRef,
  contentKinds: contentKindsRef,
  manifestSections: manifestSectionsRef,
  manifestVersionsOf: manifestVersionsOfRef,
};

/** What the takeovers module's services build on: its tables and what it uses of other modules. */
export interface TakeoversBaseDeps extends KernelDeps, UsedDeps<typeof takeoversUses> {
  takeoversRepository: TakeoversRepository;
}
