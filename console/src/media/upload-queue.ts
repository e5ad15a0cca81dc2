/**
 * The upload queue's state, as pure data: each file goes queued → uploading (offset) → processing
 * → ready, or to failed (retry sends it back to queued, keeping its server upload so it resumes).
 * No React and no requests here: the upload runner and the page drive it with `uploadQueue`.
 */

export type UploadPhase = 'queued' | 'uploading' | 'processing' | 'ready' | 'failed';

/** Why a file failed: the first two cannot succeed by trying again. */
export type FailureKind = 'too_large' | 'unsupported' | 'disk_full' | 'processing' | 'network' | 'other';

export interface UploadFailure {
  kind: FailureKind;
  message: string;
  /** The server's largest accepted size, when it said so. */
  maximumSizeBytes?: number;
}

export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  phase: UploadPhase;
  /** Bytes the server has confirmed. */
  sent: number;
  /** The server's upload, once created: a retry resumes it rather than starting over. */
  uploadId?: string;
  assetId?: string;
  /** The asset's processing progress, 0–100, while processing. */
  processingPercent?: number;
  failure?: UploadFailure;
}

export interface UploadQueueState {
  entries: UploadEntry[];
}

export type UploadAction =
  | { type: 'add'; files: { key: string; name: string; size: number }[] }
  | { type: 'start'; key: string }
  | { type: 'created'; key: string; uploadId: string }
  | { type: 'progress'; key: string; offset: number }
  | { type: 'uploaded'; key: string; assetId: string }
  | { type: 'processing'; key: string; percent: number | undefined }
  | { type: 'ready'; key: string }
  | { type: 'failed'; key: string; failure: UploadFailure }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'clearFinished' };

export const emptyQueue: UploadQueueState = { entries: [] };

/** How many files are sent at the same time. */
export const PARALLEL_UPLOADS = 3;
/** Bytes per PATCH: a dropped connection loses at most this much. */
export const CHUNK_BYTES = 5 * 1024 * 1024;

const RETRYABLE: ReadonlySet<FailureKind> = new Set(['disk_full', 'network', 'other', 'processing']);

export const canRetry = (entry: UploadEntry): boolean => entry.phase === 'failed' && RETRYABLE.has(entry.failure?.kind ?? 'other');

function update(state: UploadQueueState, key: string, change: (entry: UploadEntry) => UploadEntry): UploadQueueState {
  return { entries: state.entries.map((e) => (e.key === key ? change(e) : e)) };
}

export function uploadQueue(state: UploadQueueState, action: UploadAction): UploadQueueState {
  switch (action.type) {
    case 'add':
      return { entries: [...state.entries, ...action.files.map((f) => ({ ...f, phase: 'queued' as const, sent: 0 }))] };
    case 'start':
      return update(state, action.key, (e) => (e.phase === 'queued' ? { ...e, phase: 'uploading' } : e));
    case 'created':
      return update(state, action.key, (e) => ({ ...e, uploadId: action.uploadId }));
    case 'progress':
      return update(state, action.key, (e) => (e.phase === 'uploading' ? { ...e, sent: Math.min(action.offset, e.size) } : e));
    case 'uploaded':
      return update(state, action.key, (e) => ({ ...e, phase: 'processing', sent: e.size, assetId: action.assetId, processingPercent: 0 }));
    case 'processing':
      return update(state, action.key, (e) => (e.phase === 'processing' ? { ...e, processingPercent: action.percent ?? e.processingPercent } : e));
    case 'ready':
      return update(state, action.key, (e) => ({ ...e, phase: 'ready', processingPercent: 100, failure: undefined }));
    case 'failed':
      return update(state, action.key, (e) => (e.phase === 'ready' ? e : { ...e, phase: 'failed', failure: action.failure }));
    case 'retry':
      // A file whose processing failed is retried on the server (asset retry), not uploaded again.
      return update(state, action.key, (e) =>
        canRetry(e) ? { ...e, phase: e.failure?.kind === 'processing' ? 'processing' : 'queued', failure: undefined } : e,
      );
    case 'remove':
      return { entries: state.entries.filter((e) => e.key !== action.key) };
    case 'clearFinished':
      return { entries: state.entries.filter((e) => e.phase !== 'ready') };
  }
}

/** The queued files to start now, oldest first, so that at most `parallel` are uploading. */
export function nextToStart(state: UploadQueueState, parallel = PARALLEL_UPLOADS): string[] {
  const running = state.entries.filter((e) => e.phase === 'uploading').length;
  return state.entries
    .filter((e) => e.phase === 'queued')
    .slice(0, Math.max(0, parallel - running))
    .map((e) => e.key);
}

export interface QueueTotals {
  files: number;
  ready: number;
  failed: number;
  sentBytes: number;
  totalBytes: number;
  /** Bytes sent of all files still counted (failed ones are left out), 0–100. */
  percent: number;
  /** True while anything is queued, uploading or processing. */
  busy: boolean;
}

export function totals(state: UploadQueueState): QueueTotals {
  const counted = state.entries.filter((e) => e.phase !== 'failed');
  const sentBytes = counted.reduce((sum, e) => sum + e.sent, 0);
  const totalBytes = counted.reduce((sum, e) => sum + e.size, 0);
  return {
    files: state.entries.length,
    ready: state.entries.filter((e) => e.phase === 'ready').length,
    failed: state.entries.length - counted.length,
    sentBytes,
    totalBytes,
    percent: totalBytes === 0 ? 0 : Math.round((sentBytes / totalBytes) * 100),
    busy: state.entries.some((e) => e.phase === 'queued' || e.phase === 'uploading' || e.phase === 'processing'),
  };
}

/** The byte range of the next chunk from `offset`: [start, end). */
export function chunkAt(offset: number, size: number, chunkBytes = CHUNK_BYTES): { start: number; end: number } {
  return { start: offset, end: Math.min(size, offset + chunkBytes) };
}

/** What an error answer from the upload protocol means for the person: which kind of failure. */
export function failureOf(status: number | undefined, code: string | undefined, message: string, details?: unknown): UploadFailure {
  const max = (details as { maximumSizeBytes?: unknown } | undefined)?.maximumSizeBytes;
  const maximumSizeBytes = typeof max === 'number' ? max : undefined;
  if (code === 'upload_too_large' || status === 413) return { kind: 'too_large', message, ...(maximumSizeBytes ? { maximumSizeBytes } : {}) };
  if (code === 'unsupported_media_type') return { kind: 'unsupported', message };
  if (code === 'insufficient_storage' || status === 507) return { kind: 'disk_full', message };
  if (status === undefined) return { kind: 'network', message };
  return { kind: 'other', message };
}

/** File sizes as people read them: 1 decimal above a kilobyte. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} ${units[0]}` : `${value.toFixed(1)} ${units[unit]}`;
}
