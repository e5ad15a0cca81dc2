import type { Static } from '@sinclair/typebox';
import { checkTool, isBundled, parseToolVersion, toolConcern, type ToolName } from '../../kernel/media-tools.js';
import type { SystemDeps } from './system-deps.js';
import type { SystemStatusSchema } from './system-status-view.js';
import { SIGNAGE_VERSION } from '../../kernel/signage-version.js';

type Deps = Pick<
  SystemDeps,
  'config' | 'storage' | 'mediaTools' | 'migrationStates' | 'systemFactsRepository' | 'settingsService' | 'screensService' | 'mediaUpkeep' | 'playerReleases'
>;
type SystemStatus = Static<typeof SystemStatusSchema>;

/** What `GET /system/status` answers: this process, its database, media and fleet, each read now. */
export class SystemStatusService {
  private readonly startedAt = new Date(Date.now() - process.uptime() * 1000);

  constructor(private readonly d: Deps) {}

  async status(): Promise<SystemStatus> {
    const { config, storage, mediaTools } = this.d;
    const [postgresVersion, migrations, media, processing, pendingCommands, counts, restartRequired] = await Promise.all([
      this.d.systemFactsRepository.postgresVersion(),
      this.migrations(),
      this.media(),
      this.d.mediaUpkeep.processingCount(),
      this.d.screensService.openCommands(),
      this.d.screensService.statusCounts(),
      this.d.settingsService.restartPendingSince(this.startedAt),
    ]);
    return {
      signageVersion: SIGNAGE_VERSION,
      tilecastVersion: SIGNAGE_VERSION,
      buildCommit: config.raw.SIGNAGE_BUILD_COMMIT || 'local',
      buildDate: config.raw.SIGNAGE_BUILD_DATE || 'development',
      uptimeSeconds: Math.floor((Date.now() - this.startedAt.getTime()) / 1000),
      nodeVersion: process.version,
      database: {
        status: 'healthy',
        migrationVersion: migrations.map((m) => m.latest ?? '').reduce((a, b) => (migrationStamp(b) > migrationStamp(a) ? b : a), ''),
        postgresVersion,
      },
      media,
      activeProcessingJobs: processing,
      pendingCommands,
      // The reference counts contact within 2 minutes: an open socket, or a recent heartbeat.
      connectedScreens: counts.online + counts.recent,
      serverTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      deployment: {
        database: config.databaseUrl ? 'external' : 'embedded',
        mediaStorage: storage.kind === 's3' ? 's3' : 'disk',
        ffmpeg: isBundled('ffmpeg', mediaTools.ffmpegPath) ? 'bundled' : 'system',
        updateManifestTrust: this.d.playerReleases.manifestKeyConfigured ? 'configured' : 'missing',
        restartRequired,
      },
      migrations,
    };
  }

  private async migrations(): Promise<SystemStatus['migrations']> {
    return (await this.d.migrationStates()).map((s) => ({ module: s.owner, applied: s.applied.length, pending: s.pending, latest: s.applied.at(-1) ?? null }));
  }

  private async media(): Promise<SystemStatus['media']> {
    const { storage, mediaTools } = this.d;
    const [writable, space, ffmpeg, ffprobe] = await Promise.all([
      storage.checkWritable().then(
        () => undefined,
        (err: Error) => err.message,
      ),
      storage.space?.().catch(() => undefined),
      tool('ffmpeg', mediaTools.ffmpegPath),
      tool('ffprobe', mediaTools.ffprobePath),
    ]);
    const problems = [
      ...(writable ? [`media storage is not writable: ${writable}`] : []),
      ...[ffmpeg, ffprobe].filter((t) => !t.available).map((t) => `${t.path} does not run`),
    ];
    return {
      status: problems.length ? 'degraded' : 'healthy',
      ...(problems.length ? { message: problems.join('; ') } : {}),
      storage: { kind: storage.kind, location: storage.location, writable: !writable, ...(space ? { availableBytes: space.freeBytes } : {}) },
      ffmpeg,
      ffprobe,
    };
  }
}

/** Migration names start with their timestamp; the newest of all modules is the schema's version. */
const migrationStamp = (name: string) => name.split('_')[0] ?? '';

async function tool(name: ToolName, path: string) {
  try {
    const output = await checkTool(path);
    return { path, available: true, version: parseToolVersion(output).version, warning: toolConcern(name, path, output) ?? null };
  } catch {
    return { path, available: false, version: null, warning: null };
  }
}
