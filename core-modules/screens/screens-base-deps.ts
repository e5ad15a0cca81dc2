import type { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { organizationRef } from '../auth/auth.api.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { notificationConditionsRef } from '../notifications/notifications.api.js';
import type { CommandsRepository } from './commands/commands.repository.js';
import type { CredentialChangesRepository } from './credentials/credential-changes.repository.js';
import type { CredentialsRepository } from './credentials/credentials.repository.js';
import type { LocationsRepository } from './locations/locations.repository.js';
import type { ScreenPlaces } from './locations/screen-places.js';
import type { PairingSessionsRepository } from './pairing/pairing-sessions.repository.js';
import type { PlayerHistoryRepository } from './player-history.repository.js';
import type { PlayerMessages } from './player-messages.js';
import type { ContactRepository } from './presence/contact.repository.js';
import type { HeartbeatExtensions } from './presence/heartbeat-extensions.js';
import type { PowerAssistRepository } from './presence/power-assist.repository.js';
import type { PresenceRepository } from './presence/presence.repository.js';
import type { ScreenStatusAnnouncer } from './presence/status-announcer.js';
import type { ScreenNotifier } from './screen-notifier.js';
import type { ScreenTargets } from './screen-targets.js';
import type { ScreensConfig } from './screens-config.js';
import type { ScreensRepository } from './screens.repository.js';

export const screensUses = {
  organization: organizationRef,
  dependencyGraph: dependencyGraphRef,
  notificationConditions: notificationConditionsRef,
  consoleEvents: consoleEventsRef,
};

/**
 * What every part of the screens module builds on: every part's tables and the pieces that take
 * only the kernel's (each registered by the part that owns it). The caches, the screens' service
 * and the parts' services sit in the layers above, so no service's own deps file names it.
 */
export interface ScreensBaseDeps extends KernelDeps, UsedDeps<typeof screensUses> {
  screensConfig: ScreensConfig;
  screensRepository: ScreensRepository;
  playerHistoryRepository: PlayerHistoryRepository;
  screenNotifier: ScreenNotifier;
  playerMessages: PlayerMessages;
  screenTargets: ScreenTargets;
  /** Pairing too: enrollment issues the first credential, approval files the screen under a location. */
  credentialsRepository: CredentialsRepository;
  credentialChangesRepository: CredentialChangesRepository;
  locationsRepository: LocationsRepository;
  screenPlaces: ScreenPlaces;
  pairingSessionsRepository: PairingSessionsRepository;
  presenceRepository: PresenceRepository;
  contactRepository: ContactRepository;
  powerAssistRepository: PowerAssistRepository;
  heartbeatExtensions: HeartbeatExtensions;
  /** Access changes (disable, revoke) tell the consoles too. */
  screenStatusAnnouncer: ScreenStatusAnnouncer;
  playerFactsChanged: AfterCommitEvents<string>;
  /** Presence too: a socket that opens is told whether commands wait for it. */
  commandsRepository: CommandsRepository;
}
