import type { ScreensService } from '../screens/screens.service.js';
import type { FleetCountsRepository } from './fleet-counts.repository.js';

interface Deps {
  fleetCountsRepository: FleetCountsRepository;
  screensService: ScreensService;
}

export interface FleetHealth {
  generatedAt: string;
  screens: { total: number; online: number; recent: number; stale: number; offline: number; disabled: number; revoked: number };
  playlists: { total: number; empty: number };
  commands: { open: number };
}

/** The fleet summary integrations poll: status counts derived on read, never stored. */
export class FleetHealthService {
  constructor(private readonly d: Deps) {}

  async summary(): Promise<FleetHealth> {
    const [screens, r] = await Promise.all([this.d.screensService.statusCounts(), this.d.fleetCountsRepository.counts()]);
    const n = Number;
    return {
      generatedAt: new Date().toISOString(),
      screens,
      playlists: { total: n(r.playlists_total), empty: n(r.playlists_empty) },
      commands: { open: n(r.commands_open) },
    };
  }
}
