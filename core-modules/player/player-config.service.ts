import { Type, type Static } from '@sinclair/typebox';
import { createHash } from 'node:crypto';
import type { ScreenNotifier } from '../screens/screen-notifier.js';
import type { ScreensService } from '../screens/screens.service.js';
import type { PlayerStateRepository } from './player-state.repository.js';

export const CONFIG_SCHEMA_VERSION = 1;

const int = () => Type.Integer();
/**
 * The player's settings, in the sections and key names the player protocol reads. `playback` and
 * `website` must always be present: the reference player reads keys of both without a null check.
 */
const ConfigBodySchema = Type.Object({
  playback: Type.Object({
    defaultImageDurationSeconds: int(),
    defaultTransition: Type.String(),
    defaultFitMode: Type.String(),
    defaultAudioEnabled: Type.Boolean(),
    defaultVolume: Type.Number(),
    resumeAfterRestart: Type.Boolean(),
    identifyShowsLocation: Type.Boolean(),
    screenLocation: Type.Union([Type.String(), Type.Null()]),
  }),
  cache: Type.Object({ maximumBytes: int(), minimumFreeBytes: int(), automaticThresholdBytes: int(), concurrentDownloads: int() }),
  sync: Type.Object({ manifestReconciliationSeconds: int(), statusReportSeconds: int() }),
  website: Type.Object({ timeoutSeconds: int(), cookiePolicy: Type.String(), clearOnRestart: Type.Boolean(), defaultZoomPercent: int(), defaultFailureBehavior: Type.String() }),
  reliability: Type.Object({ playbackStallSeconds: int(), restartWindowMinutes: int(), maximumProcessRestarts: int(), safeModeEnabled: Type.Boolean() }),
  linuxKiosk: Type.Object({ fullscreenEnabled: Type.Boolean(), preventDisplaySleep: Type.Boolean() }),
  updates: Type.Object({ channel: Type.String() }),
});
type ConfigBody = Static<typeof ConfigBodySchema>;

export const PlayerConfigSchema = Type.Composite([
  Type.Object({ schemaVersion: Type.Integer(), configRevision: Type.Integer(), generatedAt: Type.String({ format: 'date-time' }) }),
  ConfigBodySchema,
]);

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** The reference's defaults, which every player gets until settings drive them. */
function defaults(screenLocation: string | null): ConfigBody {
  return {
    playback: {
      defaultImageDurationSeconds: 10,
      defaultTransition: 'none',
      defaultFitMode: 'contain',
      defaultAudioEnabled: true,
      defaultVolume: 0.5,
      resumeAfterRestart: true,
      identifyShowsLocation: true,
      screenLocation,
    },
    cache: { maximumBytes: 8 * GiB, minimumFreeBytes: GiB, automaticThresholdBytes: 256 * MiB, concurrentDownloads: 2 },
    sync: { manifestReconciliationSeconds: 300, statusReportSeconds: 60 },
    website: { timeoutSeconds: 20, cookiePolicy: 'first_party', clearOnRestart: false, defaultZoomPercent: 100, defaultFailureBehavior: 'placeholder' },
    reliability: { playbackStallSeconds: 30, restartWindowMinutes: 10, maximumProcessRestarts: 3, safeModeEnabled: true },
    linuxKiosk: { fullscreenEnabled: true, preventDisplaySleep: true },
    updates: { channel: 'stable' },
  };
}

export const configEtag = (screenId: string, revision: number) => `"config-${screenId}-${revision}"`;

/** The per-screen player configuration and its revision, which moves only when the body changes. */
export class PlayerConfigService {
  constructor(private readonly d: { playerStateRepository: PlayerStateRepository; screensService: ScreensService; screenNotifier: ScreenNotifier }) {}

  async config(screenId: string) {
    const { body, version } = await this.record(screenId);
    return { schemaVersion: CONFIG_SCHEMA_VERSION, configRevision: version, generatedAt: new Date().toISOString(), ...body };
  }

  /** After something the config shows changed: a new revision is pushed as `config.changed`. */
  async refresh(screenId: string): Promise<void> {
    const { version, bumped } = await this.record(screenId);
    if (bumped) await this.d.screenNotifier.configChanged(screenId, version);
  }

  private async record(screenId: string) {
    const screen = await this.d.screensService.get(screenId);
    const body = defaults(screen.location?.name ?? null);
    const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    return { body, ...(await this.d.playerStateRepository.record('config', screenId, hash)) };
  }
}
