/**
 * Job names are data: jobs already queued carry them, and other parts send them (uploads sends
 * `media.inspect-asset` when an upload completes, the library `media.delete-files` on delete).
 * Never rename one; add a new name and keep the old handler until its queue is empty.
 */
export const PROCESSING_JOBS = {
  inspectAsset: 'media.inspect-asset',
  imageThumbnail: 'media.image-thumbnail',
  imagePlayback: 'media.image-playback',
  videoPoster: 'media.video-poster',
  videoOptimize: 'media.video-optimize',
  deleteFiles: 'media.delete-files',
  failStalled: 'media.fail-stalled',
} as const;

export type ProcessingJobName = (typeof PROCESSING_JOBS)[keyof typeof PROCESSING_JOBS];
