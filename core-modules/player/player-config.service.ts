import { createHash } from 'node:crypto';
import type { PlayerStateRepository } from './player-state.repository.js';

export const CONFIG_SCHEMA_VERSION = 1;

/**
 * Defaults every player gets until settings drive them. Kept small and explicit: a player treats a
 * missing field as its own default, so adding fields later is compatible.
 */
const DEFAULT_CONFIG = {
  playback: { defaultImageDurationMs: 10_000, transition: 'fade', audioEnabled: true },
  cache: { maxBytes: 8 * 1024 ** 3, prefetchHorizonDays: 7 },
  sync: { manifestPollSeconds: 300, heartbeatSeconds: 60 },
  updates: { channel: 'stable' },
};

export type PlayerConfigBody = typeof DEFAULT_CONFIG;

export const configEtag = (screenId: string, revision: number) => `"config-${screenId}-${revision}"`;

/** The per-screen player configuration and its revision, which moves only when the body changes. */
export class PlayerConfigService {
  constructor(private readonly d: { playerStateRepository: PlayerStateRepository }) {}

  async config(screenId: string) {
    const body = DEFAULT_CONFIG;
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const { version } = await this.d.playerStateRepository.record('config', screenId, hash);
    return { schemaVersion: CONFIG_SCHEMA_VERSION, configRevision: version, generatedAt: new Date().toISOString(), ...body };
  }
}
