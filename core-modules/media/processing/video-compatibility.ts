/**
 * Which playback file a video needs: the original as it is, the same streams in an MP4 with the
 * index up front (remux), or a new H.264/AAC encode (transcode). Pure, so every rule is unit-tested.
 */

export type CompatibilityAction = 'original' | 'remux' | 'transcode';

/** Reason codes as the reference names them; they end up in the asset's metadata. */
export const TRANSCODE_REASONS = [
  'unsupported_video_codec',
  'unsupported_pixel_format',
  'unsupported_audio_codec',
  'unsupported_audio_profile',
  'excessive_resolution',
  'excessive_frame_rate',
  'rotation_metadata',
] as const;
export const REMUX_REASONS = ['unsuitable_container', 'missing_fast_start'] as const;
export type CompatibilityReason = (typeof TRANSCODE_REASONS)[number] | (typeof REMUX_REASONS)[number];

export interface VideoTraits {
  /** `mp4` covers MP4 and MOV (one demuxer, and players take both); `matroska` covers MKV and WebM. */
  container: 'mp4' | 'matroska' | 'other';
  /** The MP4 index (moov) comes before the media data, so playback can start before the download ends. */
  fastStart: boolean;
  videoCodec: string;
  pixelFormat: string | null;
  audioCodec: string | null;
  audioProfile: string | null;
  /** Stored (coded) size, before any rotation. */
  width: number;
  height: number;
  frameRate: number | null;
  /** Clockwise degrees the player would have to turn the picture: 0, 90, 180 or 270. */
  rotation: number;
}

export interface PlaybackProfile {
  /**
   * Size limits by side rather than by width and height: signage screens hang in portrait as often
   * as in landscape, and a 1080×1920 clip must not be squeezed into 608×1080.
   */
  maxLongSide: number;
  maxShortSide: number;
  maxFrameRate: number;
}

export const PLAYBACK_PROFILE: PlaybackProfile = { maxLongSide: 1920, maxShortSide: 1080, maxFrameRate: 60 };

// Frame rates are measured (avg_frame_rate), so a 60 fps clip may read 60.02.
const FRAME_RATE_SLACK = 0.5;

export interface CompatibilityDecision {
  action: CompatibilityAction;
  reasons: CompatibilityReason[];
}

export function decideCompatibility(v: VideoTraits, profile: PlaybackProfile = PLAYBACK_PROFILE): CompatibilityDecision {
  const reasons: CompatibilityReason[] = [];
  if (v.videoCodec !== 'h264') reasons.push('unsupported_video_codec');
  // 10-bit and 4:2:2/4:4:4 H.264 decode in software only, if at all, on player hardware.
  if (v.pixelFormat !== 'yuv420p') reasons.push('unsupported_pixel_format');
  if (v.audioCodec !== null) {
    if (v.audioCodec !== 'aac') reasons.push('unsupported_audio_codec');
    // HE-AAC needs SBR support some hardware decoders lack; an unknown profile is taken as LC.
    else if (v.audioProfile !== null && v.audioProfile !== 'LC') reasons.push('unsupported_audio_profile');
  }
  if (!fits(v.width, v.height, profile)) reasons.push('excessive_resolution');
  if (v.frameRate !== null && v.frameRate > profile.maxFrameRate + FRAME_RATE_SLACK) reasons.push('excessive_frame_rate');
  // Players differ in honouring the rotation matrix; a transcode bakes the rotation into the pixels.
  if (v.rotation % 360 !== 0) reasons.push('rotation_metadata');
  const needsTranscode = reasons.length > 0;
  if (v.container !== 'mp4') reasons.push('unsuitable_container');
  else if (!v.fastStart) reasons.push('missing_fast_start');
  return { action: needsTranscode ? 'transcode' : reasons.length ? 'remux' : 'original', reasons };
}

function fits(width: number, height: number, p: PlaybackProfile): boolean {
  return Math.max(width, height) <= p.maxLongSide && Math.min(width, height) <= p.maxShortSide;
}

/**
 * The transcode's output size: the displayed size (square pixels, rotation applied) scaled down to
 * fit the profile, never up, with even sides as yuv420p requires.
 */
export function playbackSize(displayWidth: number, displayHeight: number, p: PlaybackProfile = PLAYBACK_PROFILE): { width: number; height: number } {
  const landscape = displayWidth >= displayHeight;
  const [boxW, boxH] = landscape ? [p.maxLongSide, p.maxShortSide] : [p.maxShortSide, p.maxLongSide];
  const scale = Math.min(1, boxW / displayWidth, boxH / displayHeight);
  // Rounding down keeps within the box and never enlarges (an odd side loses one pixel).
  const even = (n: number) => Math.max(2, 2 * Math.floor((n * scale) / 2 + 1e-9));
  return { width: even(displayWidth), height: even(displayHeight) };
}

/** Output frame rate, or null to keep the source's: halve high rates when that lands in range (120 → 60, 100 → 50) so motion stays even. */
export function playbackFrameRate(frameRate: number | null, p: PlaybackProfile = PLAYBACK_PROFILE): number | null {
  if (frameRate === null || frameRate <= p.maxFrameRate + FRAME_RATE_SLACK) return null;
  for (let divisor = 2; divisor <= 8; divisor++) {
    const rate = frameRate / divisor;
    if (rate <= p.maxFrameRate + FRAME_RATE_SLACK) return Math.round(rate * 1000) / 1000;
  }
  return p.maxFrameRate;
}
