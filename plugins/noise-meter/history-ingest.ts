import { Type, type Static } from '@sinclair/typebox';
import type { BucketValues } from './history.repository.js';
import type { NoiseMeterBaseDeps } from './noise-meter-base-deps.js';

export const BUCKET_MS = 10_000;
/** A player clock a little ahead of ours is normal; history from further in the future is not. */
const FUTURE_SKEW_MS = 2 * 60_000;
const DAY_MS = 86_400_000;
// The player enters its loud state at most once per trigger hold (≥ 100 ms) plus clear hold (≥ 500 ms).
const MAX_TRIGGERS = 100;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

const isLevel = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 100;
const isSpan = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= BUCKET_MS;

/**
 * A bucket as stored, or undefined when it cannot be a real reading. Start times are put on the
 * fixed ten-second grid (a resend lands on the same key); anything else out of bounds is dropped
 * rather than clamped, since a guessed value would read as a measurement.
 */
export function plausibleBucket(bucket: Record<string, unknown>, now: number, retentionDays: number): BucketValues | undefined {
  const { startedAt, averageLevel, peakLevel, monitoredMs, warningMs, loudMs, triggerCount } = bucket;
  if (typeof startedAt !== 'string' || !RFC3339.test(startedAt)) return undefined;
  const started = Date.parse(startedAt);
  if (Number.isNaN(started) || started > now + FUTURE_SKEW_MS || started < now - retentionDays * DAY_MS) return undefined;
  if (!isLevel(averageLevel) || !isLevel(peakLevel) || peakLevel < averageLevel) return undefined;
  if (!isSpan(monitoredMs) || !isSpan(warningMs) || !isSpan(loudMs) || warningMs + loudMs > monitoredMs) return undefined;
  if (typeof triggerCount !== 'number' || !Number.isInteger(triggerCount) || triggerCount < 0 || triggerCount > MAX_TRIGGERS) return undefined;
  return { bucketStart: new Date(started - (started % BUCKET_MS)), averageLevel, peakLevel, monitoredMs, warningMs, loudMs, triggerCount };
}

/** What the plugin adds to the heartbeat's answer (registered with heartbeatExtensions). */
export const noiseHistoryAnswer = {
  noiseHistory: Type.Object(
    { accepted: Type.Integer({ description: 'Buckets of noiseMeter.pendingHistory consumed (stored, already stored, or implausible and dropped).' }) },
    { description: 'Present when the noise-meter plugin is installed and the heartbeat carried pending history.' },
  ),
};

type Deps = Pick<NoiseMeterBaseDeps, 'instanceService' | 'historyRepository'>;

/**
 * Takes `noiseMeter.pendingHistory` off accepted heartbeats. Every bucket counts as consumed,
 * stored or not: a player told otherwise would resend an unusable bucket forever. Buckets are kept
 * only while the meter running on the screen (resolved from targeting, never from the request)
 * has history switched on.
 */
export class HistoryIngest {
  constructor(private readonly d: Deps) {}

  async handle(
    screenId: string,
    heartbeat: Record<string, unknown>,
  ): Promise<{ noiseHistory: Static<(typeof noiseHistoryAnswer)['noiseHistory']> } | undefined> {
    const pending = (heartbeat.noiseMeter as { pendingHistory?: unknown } | null | undefined)?.pendingHistory;
    if (!Array.isArray(pending)) return undefined;
    if (pending.length) await this.store(screenId, pending as Record<string, unknown>[]);
    return { noiseHistory: { accepted: pending.length } };
  }

  private async store(screenId: string, pending: Record<string, unknown>[]): Promise<void> {
    const meter = await this.d.instanceService.activeFor(screenId);
    if (!meter?.settings.historyEnabled) return;
    const now = Date.now();
    const buckets = pending.map((b) => plausibleBucket(b, now, meter.settings.historyRetentionDays)).filter((b): b is BucketValues => b !== undefined);
    if (buckets.length) await this.d.historyRepository.insert(screenId, meter.id, buckets);
  }
}
