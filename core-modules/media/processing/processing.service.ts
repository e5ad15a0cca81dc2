import { extname, join } from 'node:path';
import type { Knex } from 'knex';
import type { ProcessingStatus } from './processing-event.js';
import { AppError, invalidInput, notFound } from '../../../kernel/errors.js';
import { assetView, type AssetView } from '../asset-view.js';
import type { NewVariant } from '../assets.repository.js';
import type { AssetRow, VariantRow } from '../media.models.js';
import type { MediaBaseDeps } from '../media-base-deps.js';
import { storageKeys, type VariantKind } from '../media-types.js';
import { inspectImageFile, inspectVideoFile } from './asset-inspection.js';
import { imagePlayback, imageThumbnail, type EncodedImage } from './image-variants.js';
import { PROCESSING_JOBS, type ProcessingJobName } from './processing-job-names.js';
import { MediaRejected, StepFailed, type FailureCode } from './processing-errors.js';
import { probeVideo, type VideoProbe } from './probe.js';
import { optimizeVideo, videoPoster } from './video-variants.js';
import { fetchToFile, storeBuffer, storeFile, withWorkDir } from './work-files.js';

type Deps = Pick<MediaBaseDeps, 'db' | 'assetsRepository' | 'storage' | 'mediaTools' | 'mediaConfig' | 'jobs' | 'logger' | 'mediaEvents' | 'consoleEvents'>;

/**
 * An asset in a processing state with no job queued or running in a live process (job leases), and
 * untouched for this long, lost its job for good (its worker was killed during the last attempt).
 * The quiet time covers a job sent just after its asset was written.
 */
export const STALLED_AFTER_MS = 15 * 60_000;

/** Progress is written, and told to the consoles, at most this often. */
const PROGRESS_INTERVAL_MS = 1_000;

const VARIANT_OF_STEP: Partial<Record<ProcessingJobName, VariantKind>> = {
  [PROCESSING_JOBS.imageThumbnail]: 'thumbnail',
  [PROCESSING_JOBS.imagePlayback]: 'playback',
  [PROCESSING_JOBS.videoPoster]: 'poster',
  [PROCESSING_JOBS.videoOptimize]: 'playback',
};

/**
 * Processing as steps, one per job: inspect the original, then make each variant. Every step can
 * run twice or restart from scratch (pg-boss redelivers after a crash): it reads the asset's state
 * first, overwrites its own variant (same storage key, atomic put, upsert), and status changes
 * happen under a row lock together with sending the next jobs.
 *
 *   queued → inspecting → processing → ready      (failed from any of them; retry: failed → queued)
 */
export class ProcessingService {
  constructor(private readonly d: Deps) {}

  private get repo() {
    return this.d.assetsRepository;
  }

  /** `media.inspect-asset`: read the original, record what it is, and send the variant jobs. */
  async inspect(assetId: string): Promise<void> {
    let asset = await this.repo.byId(assetId);
    if (!asset || asset.type === 'website') return;
    if (asset.processing_status === 'queued') {
      asset = await this.moveOrSkip(() => this.repo.transition(assetId, 'inspecting', { error_code: null, error_message: null, processing_progress: null }));
      if (!asset) return;
      this.announce(assetId, 'inspecting');
    } else if (asset.processing_status !== 'inspecting') {
      // Past inspection: an earlier delivery of this job finished and sent the next jobs with it.
      return;
    }
    const original = await this.originalOf(asset.id, 'media_inspection_failed');
    const current = asset;
    const found = await withWorkDir(async (dir) => {
      const file = await this.fetchOriginal(original, dir);
      return current.type === 'image'
        ? inspectImageFile(file, current, this.d.mediaConfig.maxImagePixels)
        : inspectVideoFile(file, current, this.d.mediaTools.ffprobePath);
    });
    const regenerated = new Set(found.steps.map((s) => VARIANT_OF_STEP[s]));
    const stale = await this.d.db.transaction(async (trx) => {
      const locked = await this.repo.lock(assetId, trx);
      if (locked?.processing_status !== 'inspecting') return [];
      await this.repo.update(assetId, found.asset, trx);
      await this.repo.upsertVariant(assetId, { ...variantFile(original), ...found.original }, trx);
      // Variants of an earlier run must not make the asset ready before this run's are made.
      const removed = await this.repo.deleteDerivedVariants(assetId, trx);
      await this.repo.transition(assetId, 'processing', {}, trx);
      this.announce(assetId, 'processing', null, trx);
      for (const name of found.steps) await this.d.jobs.send(name, { assetId }, { trx });
      return removed.filter((v) => !regenerated.has(v.kind));
    });
    // Kinds this run makes again are overwritten in place; only files of dropped kinds go.
    for (const v of stale) await this.d.storage.delete(v.storage_key);
  }

  /** `media.image-thumbnail`. */
  async imageThumbnail(assetId: string): Promise<void> {
    await this.makeVariant(assetId, 'thumbnail', async (file) => fromImage(await imageThumbnail(file, this.d.mediaConfig.maxImagePixels), false));
  }

  /** `media.image-playback`. */
  async imagePlayback(assetId: string): Promise<void> {
    await this.makeVariant(assetId, 'playback', async (file) => fromImage(await imagePlayback(file, this.d.mediaConfig.maxImagePixels), true));
  }

  /** `media.video-poster`. */
  async videoPoster(assetId: string): Promise<void> {
    await this.makeVariant(assetId, 'poster', async (file, dir, asset) =>
      fromImage(await videoPoster(this.d.mediaTools, file, dir, asset.duration_seconds), false),
    );
  }

  /** `media.video-optimize`: remux or transcode, as inspection decided, reporting percent done. */
  async videoOptimize(assetId: string, signal?: AbortSignal): Promise<void> {
    const actionOf = (asset: AssetRow) => asset.metadata.compatibilityAction as 'original' | 'remux' | 'transcode' | undefined;
    const needed = (asset: AssetRow) => actionOf(asset) === 'remux' || actionOf(asset) === 'transcode';
    await this.makeVariant(
      assetId,
      'playback',
      async (file, dir, asset) => {
        const action = actionOf(asset) as 'remux' | 'transcode';
        const { ffprobePath } = this.d.mediaTools;
        await this.progress(assetId, 0);
        let lastWrite = Date.now();
        const probe = await probeVideo(ffprobePath, file);
        const output = join(dir, 'playback.mp4');
        await optimizeVideo(this.d.mediaTools, file, output, {
          action,
          probe,
          signal,
          onProgress: async (percent) => {
            if (Date.now() - lastWrite < PROGRESS_INTERVAL_MS) return;
            lastWrite = Date.now();
            await this.progress(assetId, percent);
          },
        });
        await this.repo.setProgress(assetId, 100);
        const made = await probeVideo(ffprobePath, output).catch(() => {
          throw new StepFailed('The converted video could not be read back.');
        });
        return { file: output, ext: '.mp4', fields: { mime_type: 'video/mp4', player_compatible: true, ...videoFields(made) } };
      },
      needed,
    );
  }

  /**
   * Runs one variant step: only while the asset is processing (otherwise this delivery is late or
   * a duplicate), stores the result under the variant's fixed key, then checks whether the asset
   * is complete. `needed` says, before the original is copied, whether there is anything to make.
   */
  private async makeVariant(
    assetId: string,
    kind: VariantKind,
    make: (file: string, dir: string, asset: AssetRow) => Promise<MadeVariant>,
    needed: (asset: AssetRow) => boolean = () => true,
  ): Promise<void> {
    const asset = await this.repo.byId(assetId);
    if (asset?.processing_status !== 'processing') return;
    if (!needed(asset)) return this.completeIfReady(assetId);
    const original = await this.originalOf(assetId, 'media_processing_failed');
    await this.repo.update(assetId, {}); // the stalled-asset sweep counts from the last touch
    await withWorkDir(async (dir) => {
      const made = await make(await this.fetchOriginal(original, dir), dir, asset);
      const key = storageKeys.variant(assetId, kind, made.ext);
      const stored = 'data' in made ? await storeBuffer(this.d.storage, key, made.data) : await storeFile(this.d.storage, key, made.file);
      await this.repo.upsertVariant(assetId, { kind, storage_key: key, file_size: stored.fileSize, sha256: stored.sha256, ...made.fields });
      // A delete that began meanwhile may already have listed the asset's files: don't leave this one behind.
      const now = await this.repo.byId(assetId);
      if (!now || now.processing_status === 'deleting') await this.d.storage.delete(key);
    });
    await this.completeIfReady(assetId);
  }

  /** Ready once there is a preview and something a player can show (the rule the reference uses). */
  private async completeIfReady(assetId: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const locked = await this.repo.lock(assetId, trx);
      if (locked?.processing_status !== 'processing') return;
      const variants = await this.repo.variants(assetId, trx);
      const preview = variants.some((v) => v.kind === 'thumbnail' || v.kind === 'poster');
      const playable = variants.some((v) => v.player_compatible);
      if (!preview || !playable) return;
      await this.repo.transition(assetId, 'ready', { processing_progress: null }, trx);
      this.announce(assetId, 'ready', null, trx);
      // Players see an asset's variants only once it is ready, so this is when its set changes for them.
      await this.d.mediaEvents.emit([{ assetId }], trx);
    });
  }

  /** `media.delete-files`: every stored object of an asset being deleted, then the asset is deleted. */
  async deleteFiles(assetId: string): Promise<void> {
    const asset = await this.repo.byId(assetId);
    // Only for assets on their way out (or gone): a stray job must never empty a live asset.
    if (asset && asset.processing_status !== 'deleting') {
      this.d.logger.warn({ assetId, status: asset.processing_status }, 'media.delete-files for an asset that is not being deleted; nothing removed');
      return;
    }
    const keys: string[] = [];
    for await (const key of this.d.storage.list(`assets/${assetId}/`)) keys.push(key);
    for (const key of keys) await this.d.storage.delete(key);
    if (asset) await this.moveOrSkip(() => this.repo.transition(assetId, 'deleted'));
  }

  /** The end of a step that cannot succeed: the asset shows `code` and a message a person can act on. */
  async fail(assetId: string, code: FailureCode, message: string): Promise<void> {
    const row = await this.repo.failProcessing(assetId, code, message);
    if (!row) return;
    this.d.logger.warn({ assetId, code, reason: message }, 'media processing failed');
    this.announce(assetId, 'failed');
  }

  /**
   * `POST /assets/{id}/retry`: a failed asset, or a stalled one (in progress with no job queued or
   * running in a live process: its worker was killed), goes back to the start of processing.
   */
  async retry(assetId: string): Promise<AssetView> {
    return this.d.db.transaction(async (trx) => {
      const asset = await this.repo.lock(assetId, trx);
      if (!asset || asset.processing_status === 'deleting') throw notFound('not_found', 'There is no such asset.');
      const status = asset.processing_status;
      const inProgress = status === 'queued' || status === 'inspecting' || status === 'processing';
      if (!inProgress && status !== 'failed') {
        throw invalidInput('validation_failed', `Only a failed asset can be retried; this one is ${status}.`, 'id');
      }
      // Jobs for this asset are sent under its row lock, which is held here: none can appear meanwhile.
      if (inProgress && (await this.d.jobs.anyLive(Object.values(PROCESSING_JOBS), { assetId }))) {
        throw invalidInput('validation_failed', `This asset is ${status} and its processing is under way; it can be retried if it fails or stalls.`, 'id');
      }
      const reset = { error_code: null, error_message: null, processing_progress: null };
      // A late step of the stalled run finds the asset no longer processing and does nothing.
      const queued = status === 'queued' ? await this.repo.update(assetId, reset, trx) : await this.repo.transition(assetId, 'queued', reset, trx);
      await this.d.jobs.send(PROCESSING_JOBS.inspectAsset, { assetId }, { trx });
      this.announce(assetId, 'queued', null, trx);
      return assetView(queued!, await this.repo.variants(assetId, trx));
    });
  }

  /** `media.fail-stalled`: assets whose processing stopped for good (see STALLED_AFTER_MS) become failed. */
  async failStalled(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - STALLED_AFTER_MS);
    let failed = 0;
    // A backlog of queued transcodes, or a slow one whose worker lives, is not stalled: look past them.
    const page = 100;
    for (let afterId: string | undefined; ; ) {
      const quiet = await this.repo.stalledSince(before, page, afterId);
      afterId = quiet.at(-1)?.id;
      const live = await this.d.jobs.liveFor(
        Object.values(PROCESSING_JOBS),
        'assetId',
        quiet.map((a) => a.id),
      );
      for (const a of quiet.filter((q) => !live.has(q.id))) {
        const code: FailureCode = a.processing_status === 'processing' ? 'media_processing_failed' : 'media_inspection_failed';
        const row = await this.repo.failProcessing(a.id, code, 'Processing stopped and did not resume; retry the asset.', { untouchedSince: before });
        if (!row) continue;
        failed++;
        this.announce(a.id, 'failed');
      }
      if (quiet.length < page) break;
    }
    if (failed) this.d.logger.warn({ failed }, 'stalled media processing marked failed');
    return failed;
  }

  /** Tells the consoles (after `trx` commits, when given) that the asset's processing moved on. */
  private announce(assetId: string, status: ProcessingStatus, progress: number | null = null, trx?: Knex.Transaction): void {
    this.d.consoleEvents.publish('asset.processing', { assetId, status, progress }, trx);
  }

  private async progress(assetId: string, percent: number): Promise<void> {
    const rounded = Math.max(0, Math.min(100, Math.round(percent)));
    await this.repo.setProgress(assetId, rounded);
    this.announce(assetId, 'processing', rounded);
  }

  private async originalOf(assetId: string, code: FailureCode): Promise<VariantRow> {
    const original = await this.repo.variant(assetId, 'original');
    if (!original) throw new MediaRejected(code, 'The asset has no original file; upload it again.');
    return original;
  }

  private async fetchOriginal(original: VariantRow, dir: string): Promise<string> {
    const file = join(dir, `original${extname(original.storage_key)}`);
    await fetchToFile(this.d.storage, original.storage_key, file);
    return file;
  }

  /** A status change that lost a race (a delete, another delivery) means this step has nothing to do. */
  private async moveOrSkip(move: () => Promise<AssetRow | undefined>): Promise<AssetRow | undefined> {
    try {
      return await move();
    } catch (err) {
      if (err instanceof AppError && err.code === 'asset_state_conflict') return undefined;
      throw err;
    }
  }
}

type VariantFields = Omit<NewVariant, 'kind' | 'storage_key' | 'file_size' | 'sha256'>;
type MadeVariant = { ext: string; fields: VariantFields } & ({ data: Buffer } | { file: string });

function fromImage(image: EncodedImage, playerCompatible: boolean): MadeVariant {
  return {
    data: image.data,
    ext: image.ext,
    fields: { mime_type: image.mimeType, width: image.width, height: image.height, player_compatible: playerCompatible },
  };
}

function videoFields(p: VideoProbe): Omit<VariantFields, 'mime_type' | 'player_compatible'> {
  return {
    width: p.displayWidth,
    height: p.displayHeight,
    duration_seconds: p.durationSeconds,
    frame_rate: p.frameRate,
    video_codec: p.videoCodec,
    audio_codec: p.audioCodec,
  };
}

function variantFile(v: VariantRow): Pick<NewVariant, 'kind' | 'storage_key' | 'mime_type' | 'file_size' | 'sha256'> {
  return { kind: v.kind, storage_key: v.storage_key, mime_type: v.mime_type, file_size: v.file_size, sha256: v.sha256 };
}
