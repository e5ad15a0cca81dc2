import { join } from 'node:path';
import type { FileToSend } from '../../../kernel/http/file-response.js';
import { storedFile } from '../../../kernel/storage/stored-file.js';
import type { MediaBaseDeps } from '../media-base-deps.js';
import type { RenditionFile, RenditionFileFacts, RenditionOutcome, VideoRenditions } from '../media.api.js';
import { runFfmpeg } from './ffmpeg-process.js';
import { probeVideo } from './probe.js';
import { MediaRejected, StepFailed } from './processing-errors.js';
import { cropFilter, cropJob, type VideoCrop } from './video-crop.js';
import { OPTIMIZE_TIMEOUT_MS } from './video-variants.js';
import { fetchToFile, storeFile, withWorkDir } from './work-files.js';

type Deps = Pick<MediaBaseDeps, 'logger' | 'storage' | 'mediaTools' | 'assetsRepository'>;

const keyOf = (id: string) => `renditions/${id}.mp4`;

/** Videos made from a library video for another module (a wall's panels), exported as `videoRenditions`. */
export class VideoRenditionsService implements VideoRenditions {
  constructor(private readonly d: Deps) {}

  async crop(
    id: string,
    source: { assetId: string; variantId: string },
    crop: VideoCrop,
    o: { onProgress(fraction: number): Promise<void>; signal?: AbortSignal },
  ): Promise<RenditionOutcome> {
    const variant = await this.d.assetsRepository.variantById(source.variantId);
    if (!variant || variant.asset_id !== source.assetId) return { failure: { permanent: true, message: 'The source video is no longer in the library.' } };
    try {
      const file = await withWorkDir(async (dir) => {
        const input = join(dir, 'source');
        await fetchToFile(this.d.storage, variant.storage_key, input);
        const probe = await probeVideo(this.d.mediaTools.ffprobePath, input);
        const plan = cropFilter({ width: probe.displayWidth, height: probe.displayHeight }, crop);
        const output = join(dir, 'crop.mp4');
        const duration = probe.durationSeconds;
        await runFfmpeg(this.d.mediaTools, cropJob(input, output, plan.filter, probe.frameRate), {
          what: 'Cutting the video',
          timeoutMs: OPTIMIZE_TIMEOUT_MS,
          onProgress: (seconds) => o.onProgress(duration ? Math.min(0.99, seconds / duration) : 0),
          signal: o.signal,
        });
        const made = await probeVideo(this.d.mediaTools.ffprobePath, output);
        if (made.displayWidth !== plan.width || made.displayHeight !== plan.height) {
          throw new StepFailed(`Cutting the video made a ${made.displayWidth}×${made.displayHeight} picture instead of ${plan.width}×${plan.height}.`);
        }
        const stored = await storeFile(this.d.storage, keyOf(id), output);
        return {
          ...stored,
          width: made.displayWidth,
          height: made.displayHeight,
          durationSeconds: made.durationSeconds,
          frameRate: made.frameRate,
        } satisfies RenditionFile;
      });
      return { file };
    } catch (err) {
      if (o.signal?.aborted) throw err;
      if (err instanceof MediaRejected) return { failure: { permanent: true, message: err.message } };
      if (err instanceof StepFailed) {
        this.d.logger.warn({ err, detail: err.detail, renditionId: id }, 'video rendition failed');
        return { failure: { permanent: false, message: err.message } };
      }
      throw err;
    }
  }

  async file(id: string, facts: RenditionFileFacts, missing: () => Error): Promise<FileToSend | undefined> {
    const key = keyOf(id);
    const stat = await this.d.storage.stat(key);
    if (!stat || stat.size !== facts.fileSize) {
      this.d.logger.warn({ renditionId: id }, 'stored file of a video rendition is missing or has the wrong size');
      return undefined;
    }
    const file = { size: stat.size, mimeType: 'video/mp4', sha256: facts.sha256, lastModified: facts.madeAt, filename: facts.filename };
    return storedFile(this.d.storage, key, file, missing);
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids) await this.d.storage.delete(keyOf(id));
  }
}
