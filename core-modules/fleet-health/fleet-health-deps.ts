import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { playlistReaderRef } from '../playlists/playlists.api.js';
import type { ScreenDirectory } from '../screens/screens.api.js';
import type { FleetHealthService } from './fleet-health.service.js';

export const fleetHealthUses = { playlistReader: playlistReaderRef };

export interface FleetHealthDeps extends KernelDeps, UsedDeps<typeof fleetHealthUses> {
  // From screens (its export, until it declares it as a ref).
  screensService: ScreenDirectory;
  fleetHealthService: FleetHealthService;
}
