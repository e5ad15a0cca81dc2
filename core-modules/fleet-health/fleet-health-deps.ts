import type { KernelDeps } from '../../kernel/kernel.js';
import type { PlaylistDirectory } from '../playlists/playlists.api.js';
import type { ScreenDirectory } from '../screens/screens.api.js';
import type { FleetHealthService } from './fleet-health.service.js';

export interface FleetHealthDeps extends KernelDeps {
  screensService: ScreenDirectory;
  playlistReader: PlaylistDirectory;
  fleetHealthService: FleetHealthService;
}
