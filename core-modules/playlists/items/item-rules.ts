import { invalidInput } from '../../../kernel/errors.js';
import type { AssetSummary } from '../../media/media.api.js';
import type { ItemPatch } from '../playlist-schemas.js';
import type { ItemRow, ItemValues } from '../playlists.models.js';

export const DEFAULTS = { fit_mode: 'contain', transition: 'none', audio_enabled: true, volume: 1, delivery_policy: 'automatic' } as const;

/** What an item plays: an asset, or a layout (type `layout`, checked published by its kind); a video's length when known. */
export type ItemTarget = Pick<AssetSummary, 'id' | 'type' | 'status'> & Partial<Pick<AssetSummary, 'durationSeconds'>>;

/** The asset an item may point at: present and ready. Type rules follow in `itemValues`. */
export function assertPlayable(asset: AssetSummary | undefined, field: string): asserts asset is AssetSummary {
  if (!asset) throw invalidInput('asset_not_found', 'No such asset.', field);
  if (asset.status !== 'ready') throw invalidInput('asset_not_ready', `The asset is ${asset.status}; only ready assets can be played.`, field);
}

/**
 * The stored values of an item: `patch` applied over `current` (or the defaults), checked against
 * the type of what it plays. Images, websites and layouts have no length of their own, so they need
 * a duration; websites and layouts always stream (there is no one file to download). Only images and videos can play with the
 * screen's defaults (as the reference has it); an image that does and has no duration of its own
 * stores the organization's default image duration, so a player that does not know the flag
 * (the Android player refuses an image without one) still plays it for the usual time.
 */
export function itemValues(asset: ItemTarget, patch: ItemPatch, current: ItemValues | undefined, field: string, defaultImageDurationMs: number): ItemValues {
  const base: ItemValues = current ?? { asset_id: null, layout_id: null, duration_ms: null, ...DEFAULTS };
  const layout = asset.type === 'layout';
  const usePlayerDefaults = (asset.type === 'image' || asset.type === 'video') && (patch.usePlayerDefaults ?? base.use_player_defaults ?? false);
  let durationMs = patch.durationMs === undefined ? base.duration_ms : patch.durationMs;
  if (usePlayerDefaults && asset.type === 'image') durationMs ??= defaultImageDurationMs;
  if (asset.type !== 'video' && durationMs == null) {
    throw invalidInput('playlist_validation_failed', `A${asset.type === 'image' ? 'n image' : ` ${asset.type}`} item needs durationMs.`, `${field}/durationMs`);
  }
  return {
    asset_id: layout ? null : asset.id,
    layout_id: layout ? asset.id : null,
    duration_ms: durationMs ?? null,
    fit_mode: patch.fitMode ?? base.fit_mode,
    transition: patch.transition ?? base.transition,
    audio_enabled: patch.audioEnabled ?? base.audio_enabled,
    volume: patch.volume ?? base.volume,
    delivery_policy: asset.type === 'website' || layout ? 'stream' : (patch.deliveryPolicy ?? base.delivery_policy),
    use_player_defaults: usePlayerDefaults,
    ...videoTrim(
      asset,
      patch.videoStartOffsetMs === undefined ? base.video_start_offset_ms : patch.videoStartOffsetMs,
      patch.videoEndOffsetMs === undefined ? base.video_end_offset_ms : patch.videoEndOffsetMs,
      field,
    ),
  };
}

/**
 * Where a video item starts and stops, checked as the reference checks it: the start before the
 * video's end, the end after the start and not past the video's end (422
 * `playlist_validation_failed`). A video whose length processing did not record is checked only
 * start against end. Other types play no part of a file, so theirs are dropped, as the reference
 * drops a website's or a layout's (and the Android player would refuse a whole manifest for an
 * image's end before its start).
 */
function videoTrim(asset: ItemTarget, start: number | null | undefined, end: number | null | undefined, field: string) {
  if (asset.type !== 'video') return { video_start_offset_ms: null, video_end_offset_ms: null };
  const lengthMs = asset.durationSeconds ? Math.trunc(asset.durationSeconds * 1000) : undefined;
  const from = start ?? 0;
  if (from < 0 || (lengthMs !== undefined && from >= lengthMs)) {
    throw invalidInput(
      'playlist_validation_failed',
      `The start (${from} ms) must come before the video's end${lengthMs === undefined ? '' : ` (${lengthMs} ms)`}.`,
      `${field}/videoStartOffsetMs`,
    );
  }
  if (end != null && (end <= from || (lengthMs !== undefined && end > lengthMs))) {
    throw invalidInput(
      'playlist_validation_failed',
      `The end (${end} ms) must come after the start (${from} ms) and no later than the video's own end${lengthMs === undefined ? '' : ` (${lengthMs} ms)`}.`,
      `${field}/videoEndOffsetMs`,
    );
  }
  return { video_start_offset_ms: start ?? null, video_end_offset_ms: end ?? null };
}

export const storedValues = (row: ItemRow): ItemValues => ({
  asset_id: row.asset_id,
  layout_id: row.layout_id,
  duration_ms: row.duration_ms,
  fit_mode: row.fit_mode,
  transition: row.transition,
  audio_enabled: row.audio_enabled,
  volume: row.volume,
  delivery_policy: row.delivery_policy,
  use_player_defaults: row.use_player_defaults,
  video_start_offset_ms: row.video_start_offset_ms,
  video_end_offset_ms: row.video_end_offset_ms,
});
