import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { playlistReaderRef } from '../playlists/playlists.api.js';
import { screenDirectoryRef } from '../screens/screens.api.js';

export const fleetHealthUses = { playlistReader: playlistReaderRef, screensService: screenDirectoryRef };

/** What the fleet health service reads through, below the module's deps that name it. */
export type FleetHealthBaseDeps = KernelDeps & UsedDeps<typeof fleetHealthUses>;
