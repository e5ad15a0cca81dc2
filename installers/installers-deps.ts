import { playerReleasesRef } from '../core-modules/player-releases/player-releases.api.js';
import type { UsedDeps } from '../kernel/export-ref.js';
import type { KernelDeps } from '../kernel/kernel.js';
import type { InstallerTexts } from './installer-texts.js';
import type { LinuxPlayerInstalls } from './linux-player-installs.js';
import type { ScreencastReceiverRepository } from './screencast-receiver.repository.js';
import type { ScreencastReceiverService } from './screencast-receiver.service.js';

export const installersUses = { playerReleases: playerReleasesRef };

export interface InstallersDeps extends KernelDeps, UsedDeps<typeof installersUses> {
  installerTexts: InstallerTexts;
  linuxPlayerInstalls: LinuxPlayerInstalls;
  screencastReceiverRepository: ScreencastReceiverRepository;
  screencastReceiverService: ScreencastReceiverService;
}
