import type { AssetRow, VariantRow } from '../media.models.js';
import { inspectImage, keepsOriginal, MIME } from './image-variants.js';
import { PROCESSING_JOBS, type ProcessingJobName } from './processing-job-names.js';
import { hasFastStart, probeVideo } from './probe.js';
import { MediaRejected } from './processing-errors.js';
import { decideCompatibility } from './video-compatibility.js';

/** What inspecting the original found, and which jobs make the variants it still needs. */
export interface Inspection {
  asset: Partial<Omit<AssetRow, 'id' | 'processing_status'>>;
  original: Pick<VariantRow, 'width' | 'height' | 'duration_seconds' | 'frame_rate' | 'video_codec' | 'audio_codec' | 'player_compatible'>;
  steps: ProcessingJobName[];
}

export async function inspectImageFile(file: string, asset: AssetRow, maxPixels: number): Promise<Inspection> {
  const info = await inspectImage(file, maxPixels);
  const keep = keepsOriginal(info);
  return {
    asset: {
      width: info.width,
      height: info.height,
      detected_mime_type: asset.detected_mime_type ?? MIME[info.format],
      metadata: {
        ...asset.metadata,
        format: info.format,
        animated: info.frames > 1,
        frameCount: info.frames,
        orientation: info.orientation,
        hasAlpha: info.hasAlpha,
      },
    },
    original: {
      width: info.width,
      height: info.height,
      duration_seconds: null,
      frame_rate: null,
      video_codec: null,
      audio_codec: null,
      player_compatible: keep,
    },
    steps: keep ? [PROCESSING_JOBS.imageThumbnail] : [PROCESSING_JOBS.imageThumbnail, PROCESSING_JOBS.imagePlayback],
  };
}

export async function inspectVideoFile(file: string, asset: AssetRow, ffprobePath: string): Promise<Inspection> {
  const probe = await probeVideo(ffprobePath, file);
  if (probe.container === 'other') {
    throw new MediaRejected('media_inspection_failed', 'The video is not in an MP4, MOV, MKV or WebM file; only those are accepted.');
  }
  const fastStart = probe.container === 'mp4' && (await hasFastStart(file));
  const decision = decideCompatibility({ ...probe, fastStart });
  const original = decision.action === 'original';
  return {
    asset: {
      width: probe.displayWidth,
      height: probe.displayHeight,
      duration_seconds: probe.durationSeconds,
      frame_rate: probe.frameRate,
      video_codec: probe.videoCodec,
      audio_codec: probe.audioCodec,
      audio_channels: probe.audioChannels,
      detected_mime_type: asset.detected_mime_type ?? (probe.container === 'mp4' ? 'video/mp4' : 'video/x-matroska'),
      metadata: {
        ...asset.metadata,
        container: probe.container,
        pixelFormat: probe.pixelFormat,
        rotation: probe.rotation,
        displayAspectRatio: probe.displayAspectRatio,
        pixelAspectRatio: probe.pixelAspectRatio,
        bitRate: probe.bitRate,
        audioSampleRate: probe.audioSampleRate,
        fastStart,
        compatibilityAction: decision.action,
        compatibilityReasons: decision.reasons,
      },
    },
    original: {
      width: probe.displayWidth,
      height: probe.displayHeight,
      duration_seconds: probe.durationSeconds,
      frame_rate: probe.frameRate,
      video_codec: probe.videoCodec,
      audio_codec: probe.audioCodec,
      player_compatible: original,
    },
    steps: original ? [PROCESSING_JOBS.videoPoster] : [PROCESSING_JOBS.videoPoster, PROCESSING_JOBS.videoOptimize],
  };
}
