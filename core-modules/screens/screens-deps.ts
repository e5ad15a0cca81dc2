import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { organizationRef } from '../auth/auth.api.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import type { CommandsDeps } from './commands/commands.part.js';
import type { CredentialsDeps } from './credentials/credentials.part.js';
import type { LocationsDeps } from './locations/locations.part.js';
import type { PairingDeps } from './pairing/pairing.part.js';
import type { PlayerHistoryRepository } from './player-history.repository.js';
import type { PlayerMessages } from './player-messages.js';
import type { PresenceDeps } from './presence/presence.part.js';
import type { ScreenNotifier } from './screen-notifier.js';
import type { ScreensConfig } from './screens-config.js';
import type { ScreensRepository } from './screens.repository.js';
import type { ScreensService } from './screens.service.js';
import type { ScreenTargets } from './screen-targets.js';

export const screensUses = { organization: organizationRef, dependencyGraph: dependencyGraphRef };

/** What every part of the screens module can use: the screens themselves. Each part extends it. */
export interface ScreensBaseDeps extends KernelDeps, UsedDeps<typeof screensUses> {
  screensConfig: ScreensConfig;
  screensRepository: ScreensRepository;
  playerHistoryRepository: PlayerHistoryRepository;
  screensService: ScreensService;
  screenNotifier: ScreenNotifier;
  playerMessages: PlayerMessages;
  screenTargets: ScreenTargets;
}

/** The whole screens module's container. */
export type ScreensDeps = PairingDeps & CredentialsDeps & PresenceDeps & CommandsDeps & LocationsDeps;
