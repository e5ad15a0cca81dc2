import type { FleetHealthBaseDeps } from './fleet-health-base-deps.js';

type Deps = Pick<FleetHealthBaseDeps, 'screensService' | 'playlistReader'>;

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
    const [screens, playlists, open] = await Promise.all([
      this.d.screensService.statusCounts(),
      this.d.playlistReader.counts(),
      this.d.screensService.openCommands(),
    ]);
    return { generatedAt: new Date().toISOString(), screens, playlists, commands: { open } };
  }
}
