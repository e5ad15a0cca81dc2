import { Type } from '@sinclair/typebox';
import { Stamp } from '../../kernel/http/wire.js';
import type { ScreenFactsRow } from './screens.repository.js';

const Opt = Type.Optional;

/** What a screen's player last reported of its playback (its last heartbeat), as the reference's console reads it beside an assignment. */
export const PlaybackReportProperties = {
  playerActiveManifestVersion: Opt(Type.Integer({ description: 'The manifest version the player plays.' })),
  playerPendingManifestVersion: Opt(Type.Integer({ description: 'The manifest version the player is preparing.' })),
  playbackState: Opt(Type.String()),
  downloadQueueCount: Opt(Type.Integer()),
  downloadedBytes: Opt(Type.Number()),
  requiredBytes: Opt(Type.Number()),
  cacheUsedBytes: Opt(Type.Number()),
  cacheLimitBytes: Opt(Type.Number()),
  lastSynchronizationError: Opt(Type.String()),
  lastPlaybackError: Opt(Type.String()),
  deviceClockOffsetSeconds: Opt(Type.Integer({ description: 'As on the screen: the last measured or reported offset.' })),
  clockSkewWarningSeconds: Type.Integer({ description: 'The server’s CLOCK_SKEW_WARNING_SECONDS (default 300).' }),
  playbackDisabled: Type.Boolean({ description: 'The player reported its playback turned off (false until it reports).' }),
  lastCommandId: Opt(Type.String({ format: 'uuid' })),
  lastCommandState: Opt(Type.String()),
  lastCommandResult: Opt(Type.String()),
  lastCommandCompletedAt: Opt(Stamp),
};

export interface PlaybackReport {
  playerActiveManifestVersion?: number;
  playerPendingManifestVersion?: number;
  playbackState?: string;
  downloadQueueCount?: number;
  downloadedBytes?: number;
  requiredBytes?: number;
  cacheUsedBytes?: number;
  cacheLimitBytes?: number;
  lastSynchronizationError?: string;
  lastPlaybackError?: string;
  deviceClockOffsetSeconds?: number;
  clockSkewWarningSeconds: number;
  playbackDisabled: boolean;
  lastCommandId?: string;
  lastCommandState?: string;
  lastCommandResult?: string;
  lastCommandCompletedAt?: string;
}

// Wire name ← heartbeat field. The heartbeat stores undeclared fields as sent: only sound values are passed on.
const INTEGERS = {
  playerActiveManifestVersion: 'activeManifestVersion',
  playerPendingManifestVersion: 'pendingManifestVersion',
  downloadQueueCount: 'downloadQueueCount',
};
const NUMBERS = { downloadedBytes: 'downloadedBytes', requiredBytes: 'requiredBytes', cacheUsedBytes: 'cacheUsedBytes', cacheLimitBytes: 'cacheLimitBytes' };
const TEXTS = {
  playbackState: 'playbackState',
  lastSynchronizationError: 'lastSynchronizationError',
  lastPlaybackError: 'lastPlaybackError',
  lastCommandId: 'lastCommandId',
  lastCommandState: 'lastCommandState',
  lastCommandResult: 'lastCommandResult',
};
const MAX_TEXT = 500;

export function playbackReport(row: Pick<ScreenFactsRow, 'last_heartbeat' | 'clock_offset_seconds'>, clockSkewWarningSeconds: number): PlaybackReport {
  const hb = row.last_heartbeat ?? {};
  const report: Record<string, unknown> = {};
  for (const [wire, field] of Object.entries(INTEGERS)) if (Number.isSafeInteger(hb[field])) report[wire] = hb[field];
  for (const [wire, field] of Object.entries(NUMBERS)) if (typeof hb[field] === 'number' && Number.isFinite(hb[field])) report[wire] = hb[field];
  for (const [wire, field] of Object.entries(TEXTS))
    if (typeof hb[field] === 'string' && hb[field] && (hb[field] as string).length <= MAX_TEXT) report[wire] = hb[field];
  const completedAt = typeof hb.lastCommandCompletedAt === 'string' ? new Date(hb.lastCommandCompletedAt) : undefined;
  if (completedAt && !Number.isNaN(completedAt.getTime())) report.lastCommandCompletedAt = completedAt.toISOString();
  if (row.clock_offset_seconds !== null) report.deviceClockOffsetSeconds = row.clock_offset_seconds;
  return { ...report, clockSkewWarningSeconds, playbackDisabled: hb.playbackDisabled === true } as PlaybackReport;
}
