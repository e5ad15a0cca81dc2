import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { playlistReaderRef } from '../playlists/playlists.api.js';
import type { FleetHealthService } from './fleet-health.service.js';
import { screenDirectoryRef } from '../screens/screens.api.js';

export const fleetHealthUses = { playlistReader: playlistReaderRef, screensService: screenDirectoryRef };

export interface FleetHealthDeps extends KernelDeps, UsedDeps<typeof fleetHealthUses> {
  fleetHealthService: FleetHealthService;
}
