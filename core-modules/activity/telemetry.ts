import { Stamp } from '../../kernel/http/wire.js';
import { CloneType, Type, type Static } from '@sinclair/typebox';
import { invalidInput } from '../../kernel/errors.js';
import { clockCorrection, outsideWindow } from './clock-correction.js';
import type { ActivityBaseDeps } from './activity-base-deps.js';

const text = () => Type.Optional(Type.String({ maxLength: 256 }));
const num = () => Type.Optional(Type.Number());
const flag = () => Type.Optional(Type.Boolean());
// A bigint column sums them; a JavaScript number holds them exactly up to 2^53 - 1.
const counter = () => Type.Optional(Type.Number({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }));
/** The largest value a PostgreSQL `integer` column holds: the rollups keep the worst round trip in one. */
const INT4_MAX = 2_147_483_647;
const stamp = () => Type.Optional(Stamp);

/** Latest values, as the Linux player's reporter names them. */
const GAUGES = {
  currentItemId: text(),
  itemStartedAt: stamp(),
  lastMeaningfulProgressAt: stamp(),
  playbackStallDurationMs: counter(),
  stallReason: text(),
  rendererState: text(),
  rendererResponding: flag(),
  expectedMotion: flag(),
  serverRoundTripMs: Type.Optional(Type.Number({ minimum: 0, maximum: INT4_MAX })),
  downloadQueueCount: counter(),
  bytesRemaining: counter(),
  cacheUsedBytes: counter(),
  cacheLimitBytes: counter(),
  freeStorageBytes: counter(),
  processUptimeSeconds: counter(),
  deviceUptimeSeconds: counter(),
  syncGroupDriftMs: num(),
  frameFingerprint: text(),
  averageLuminance: num(),
  thermalState: text(),
  memoryPressureState: text(),
  networkLinkType: text(),
  wifiSignalDbm: num(),
  wifiLinkSpeedMbps: counter(),
  gatewayReachable: flag(),
  captivePortalSuspected: flag(),
  lastDisconnectReason: text(),
  displayConnected: flag(),
  displayResolution: text(),
  displayRefreshHz: counter(),
  displayPowerState: text(),
  lastShutdownReason: text(),
  powerSource: text(),
  batteryPercent: counter(),
  clockOffsetSeconds: num(),
  timeSyncState: text(),
  startupTotalMs: counter(),
  startupConfigMs: counter(),
  startupManifestMs: counter(),
  startupAssetVerifyMs: counter(),
  startupFirstFrameMs: counter(),
  videoDecoderPath: text(),
  videoDecodedResolution: text(),
};

/** Counters since the previous sample (sums and counts), and statistics of its samples. */
const INTERVAL_FIELDS = [
  'connectedSeconds',
  'disconnectedSeconds',
  'healthyPlaybackSeconds',
  'stalledPlaybackSeconds',
  'blackOutputSeconds',
  'droppedFrames',
  'frameChangeCount',
  'downloadedBytes',
  'cacheHits',
  'cacheMisses',
  'consecutiveDownloadFailures',
  'averageMemoryBytes',
  'peakMemoryBytes',
  'averageCpuPercent',
  'syncDriftP50Ms',
  'syncDriftP95Ms',
  'syncDriftMaxMs',
  'httpRequestCount',
  'httpFailureCount',
  'httpClientErrorCount',
  'httpServerErrorCount',
  'requestRetryCount',
  'socketReconnectCount',
  'networkInterfaceChangeCount',
  'timeToFirstByteP95Ms',
  'averageThroughputBytesPerSecond',
  'frameTimeP95Ms',
  'frameTimeP99Ms',
  'jankFrameCount',
  'rendererCrashCount',
  'surfaceLostCount',
  'decoderInitFailureCount',
  'cacheEvictionCount',
  'cacheEvictedBytes',
  'integrityFailureCount',
  'downloadResumeCount',
  'downloadFailureCount',
  'unexpectedRebootCount',
  'displaySleepCount',
  'displayWakeCount',
] as const;

/**
 * One sample as the Linux player sends it each minute: gauges (latest values) at the top level and
 * `interval` counters (deltas since its previous sample). The latest sample is kept whole; the
 * counters in ROLLED are summed into five-minute rollups. Its `clockOffsetSeconds` is shown, not
 * used: the Linux player measures it after preparing a manifest's downloads, so it can be minutes off.
 */
export const TelemetrySampleSchema = Type.Object({
  observedAt: CloneType(Stamp, {
    description:
      'The player’s clock, moved onto the server’s as activity events’ occurredAt is; then within the last 24 hours and at most 15 minutes ' +
      'ahead, else 422 `telemetry_out_of_window`.',
  }),
  ...GAUGES,
  interval: Type.Object({
    seconds: Type.Integer({ minimum: 0, maximum: 86_400 }),
    ...Object.fromEntries(INTERVAL_FIELDS.map((f) => [f, counter()])),
    thermalSeconds: Type.Optional(Type.Record(Type.String({ maxLength: 32 }), Type.Number({ minimum: 0 }), { maxProperties: 16 })),
  }),
});
export type TelemetrySample = Static<typeof TelemetrySampleSchema>;

/** The counters summed into five-minute rollups, by sample field and column. */
const ROLLED = {
  seconds: 'seconds',
  connectedSeconds: 'connected_seconds',
  disconnectedSeconds: 'disconnected_seconds',
  healthyPlaybackSeconds: 'healthy_playback_seconds',
  stalledPlaybackSeconds: 'stalled_playback_seconds',
  blackOutputSeconds: 'black_output_seconds',
  droppedFrames: 'dropped_frames',
  frameChangeCount: 'frame_change_count',
  downloadedBytes: 'downloaded_bytes',
  cacheHits: 'cache_hits',
  cacheMisses: 'cache_misses',
} as const;
const BUCKET_MS = 5 * 60_000;
const PAST_MS = 86_400_000;
const AHEAD_MS = 15 * 60_000;

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Telemetry: the latest sample per screen and five-minute rollups; raw samples are never kept. */
export class TelemetryService {
  constructor(private readonly d: Pick<ActivityBaseDeps, 'telemetryRepository' | 'screenClocks'>) {}

  async record(screenId: string, sample: TelemetrySample, now = Date.now()): Promise<void> {
    // Stamped by the player's clock, like activity events, and put on the server's the same way.
    const clock = clockCorrection(await this.d.screenClocks.offsetOf(screenId));
    const observed = Date.parse(sample.observedAt) + clock.ms;
    if (!(observed >= now - PAST_MS && observed <= now + AHEAD_MS)) {
      throw invalidInput('telemetry_out_of_window', outsideWindow('observedAt', 'the last 24 hours', clock), 'body/observedAt');
    }
    const interval = sample.interval as Record<string, unknown>;
    await this.d.telemetryRepository.record({
      screenId,
      observedAt: new Date(observed),
      receivedAt: new Date(now),
      sample: sample as Record<string, unknown>,
      bucket: new Date(Math.floor(observed / BUCKET_MS) * BUCKET_MS),
      counters: Object.fromEntries(Object.entries(ROLLED).map(([field, column]) => [column, Math.round(Number(interval[field] ?? 0)) || 0])),
      roundTripMs: typeof sample.serverRoundTripMs === 'number' ? Math.round(sample.serverRoundTripMs) : null,
    });
  }

  async read(screenId: string, from: Date, to: Date) {
    const [snapshot, rollups] = await Promise.all([this.d.telemetryRepository.snapshot(screenId), this.d.telemetryRepository.rollups(screenId, from, to)]);
    return {
      screenId,
      from: from.toISOString(),
      to: to.toISOString(),
      ...(snapshot
        ? { snapshot: { observedAt: snapshot.observed_at.toISOString(), receivedAt: snapshot.received_at.toISOString(), sample: snapshot.sample } }
        : {}),
      rollups: rollups.map((r) => ({
        bucket: r.bucket.toISOString(),
        samples: r.samples,
        ...Object.fromEntries(Object.values(ROLLED).map((c) => [camel(c), Number(r[c])])),
        maxRoundTripMs: r.max_round_trip_ms,
      })),
    };
  }
}

export const TelemetryRollupSchema = Type.Object({
  bucket: Stamp,
  samples: Type.Integer(),
  ...Object.fromEntries(Object.values(ROLLED).map((c) => [camel(c), Type.Integer()])),
  maxRoundTripMs: Type.Union([Type.Integer(), Type.Null()]),
});
