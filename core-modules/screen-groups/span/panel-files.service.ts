import { randomUUID } from 'node:crypto';
import { conflict, notFound } from '../../../kernel/errors.js';
import type { FileToSend } from '../../../kernel/http/file-response.js';
import type { BuildMemo, ManifestAsset, ManifestContent } from '../../player/player.api.js';
import type { SpanBaseDeps } from './span-base-deps.js';
import { type Canvas, cropOf, geometryHash } from './span-geometry.js';
import { videosOf, withPanelFiles } from './span-manifest.js';
import type { PanelFileRow, PanelRow } from './span.models.js';
import { panelOf } from './span.repository.js';

type Deps = Pick<SpanBaseDeps, 'logger' | 'jobs' | 'panelFilesRepository' | 'spanRepository' | 'groupsService' | 'mediaLibrary' | 'videoRenditions'>;

/** Frozen job names (jobs already queued carry them). */
export const PANEL_FILE_JOBS = { cut: 'screen-groups.cut-panel-file', sweep: 'screen-groups.sweep-panel-files' } as const;

/** A run untouched this long died with its server (a cut's own limit is 6 hours). */
const STALLED_MS = 8 * 3600_000;

export const panelDownloadPath = (id: string) => `/api/v1/player/span-panels/${id}`;
const spanNotFound = () => notFound('span_not_found', 'This screen has no such wall panel file.');
const spanNotReady = () => conflict('span_not_ready', 'This wall panel file is still being prepared, or its preparation failed.');

/** Each member's geometry hash on the wall as it is now. */
const hashesOf = (canvas: Canvas, panels: PanelRow[]) => new Map(panels.map((p) => [p.screen_id, geometryHash(canvas, panelOf(p))]));

const sourceOf = (r: Pick<PanelFileRow, 'asset_id' | 'source_sha256'>) => `${r.asset_id}:${r.source_sha256}`;

/** A ready file as a manifest lists it, in place of the video it was cut from. */
const panelAsset = (video: ManifestAsset, file: PanelFileRow): ManifestAsset => ({
  assetId: video.assetId,
  variantId: file.id,
  mimeType: 'video/mp4',
  sha256: file.sha256!,
  fileSize: Number(file.file_size),
  ...(file.width ? { width: file.width } : {}),
  ...(file.height ? { height: file.height } : {}),
  ...(file.duration_seconds ? { durationSeconds: file.duration_seconds } : {}),
  downloadPath: panelDownloadPath(file.id),
  ...(video.availableFrom ? { availableFrom: video.availableFrom } : {}),
  ...(video.expiresAt ? { expiresAt: video.expiresAt } : {}),
});

/**
 * A wall's video panels: each member plays a file cut for its panel (players decode a panel-sized
 * video rather than the whole wall's), cut by a job per member and video. A video plays on the
 * wall once every member's file of it is ready; until then it is left out of the members'
 * manifests, so no screen shows the uncut picture and the members stay in step.
 */
export class PanelFilesService {
  constructor(private readonly d: Deps) {}

  private get repo() {
    return this.d.panelFilesRepository;
  }

  /**
   * A member's manifest with its videos swapped for its panel files (the group's content source
   * applies it). Files missing for any member of the wall are queued here, when a video first
   * reaches the wall, whichever source put it there.
   */
  async forMember(groupId: string, screenId: string, content: ManifestContent, memo: BuildMemo): Promise<ManifestContent> {
    const videos = videosOf(content);
    if (!videos.length) return content;
    const wall = await memo.once(`screen-groups.wall:${groupId}`, () => this.d.spanRepository.get(groupId));
    const hashes = wall ? hashesOf(wall.canvas, wall.panels) : new Map<string, string>();
    if (!hashes.has(screenId)) return content;
    const rows = (
      await this.repo.ofSources(
        groupId,
        videos.map((v) => ({ assetId: v.assetId, sha256: v.sha256 })),
      )
    ).filter((r) => hashes.get(r.screen_id) === r.geometry_hash);
    const have = new Set(rows.map((r) => `${sourceOf(r)}:${r.screen_id}`));
    const missing = videos.flatMap((v) =>
      [...hashes]
        .filter(([member]) => !have.has(`${v.assetId}:${v.sha256}:${member}`))
        .map(([member, hash]) => ({
          id: randomUUID(),
          group_id: groupId,
          screen_id: member,
          asset_id: v.assetId,
          source_variant_id: v.variantId,
          source_sha256: v.sha256,
          geometry_hash: hash,
        })),
    );
    await this.queue(await this.repo.addMissing(missing));
    const panels = new Map<string, ManifestAsset | null>();
    for (const video of videos) {
      const files = rows.filter((r) => r.asset_id === video.assetId && r.source_sha256 === video.sha256);
      const everyReady = files.length === hashes.size && files.every((f) => f.state === 'ready');
      const own = files.find((f) => f.screen_id === screenId);
      panels.set(video.assetId, everyReady && own ? panelAsset(video, own) : null);
    }
    return withPanelFiles(content, panels);
  }

  /**
   * The cut-panel-file job. A file no longer wanted (the wall changed) is dropped; a failure the
   * source causes fails the file at once, others are retried and the last attempt fails it.
   */
  async cut(id: string, o: { lastAttempt: boolean; signal: AbortSignal }): Promise<void> {
    const file = await this.repo.byId(id);
    if (!file || file.state === 'ready' || file.state === 'failed') return;
    const place = (await this.d.spanRepository.panelsOf([file.screen_id])).get(file.screen_id);
    const panel = place && place.panel.group_id === file.group_id ? panelOf(place.panel) : undefined;
    if (!place || !panel || geometryHash(place.canvas, panel) !== file.geometry_hash) {
      await this.repo.delete([id]);
      return;
    }
    if (!(await this.repo.start(id, ['queued', 'processing']))) return;
    let reported = 0;
    const outcome = await this.d.videoRenditions.crop(id, { assetId: file.asset_id, variantId: file.source_variant_id }, cropOf(place.canvas, panel), {
      signal: o.signal,
      // About one write per percent.
      onProgress: async (fraction) => {
        if (fraction - reported < 0.01) return;
        reported = fraction;
        await this.repo.progress(id, fraction);
      },
    });
    if ('file' in outcome) {
      const made = outcome.file;
      const kept = await this.repo.ready(id, {
        file_size: made.fileSize,
        sha256: made.sha256,
        width: made.width,
        height: made.height,
        duration_seconds: made.durationSeconds,
        frame_rate: made.frameRate,
      });
      // Swept while it was being cut: nothing names the file.
      if (!kept) await this.d.videoRenditions.remove([id]);
      // The last of a video's files makes it play on the wall; the builds tell (versions move only then).
      else await this.d.groupsService.contentChanged([file.group_id]);
      return;
    }
    if (outcome.failure.permanent || o.lastAttempt) {
      await this.repo.fail(id, outcome.failure.message);
      return;
    }
    throw new Error(outcome.failure.message);
  }

  /** A panel file for the player route: only the screen's own, only when ready. */
  async file(screenId: string, id: string): Promise<FileToSend> {
    const row = await this.repo.byId(id);
    if (!row || row.screen_id !== screenId) throw spanNotFound();
    if (row.state !== 'ready' || !row.sha256) throw spanNotReady();
    const file = await this.d.videoRenditions.file(
      id,
      { fileSize: Number(row.file_size), sha256: row.sha256, madeAt: row.updated_at, filename: `${row.asset_id}-panel-${row.screen_id}.mp4` },
      spanNotFound,
    );
    if (!file) throw spanNotFound();
    return file;
  }

  /** The files of the wall as it is now, for the console (what is cut, how far, what failed). */
  async preparations(groupId: string, canvas: Canvas, panels: PanelRow[]) {
    const hashes = hashesOf(canvas, panels);
    const rows = (await this.repo.ofGroup(groupId)).filter((r) => hashes.get(r.screen_id) === r.geometry_hash);
    return rows.map((r) => ({
      id: r.id,
      screenId: r.screen_id,
      sourceAssetId: r.asset_id,
      sourceVariantId: r.source_variant_id,
      status: r.state,
      progress: r.progress,
      ...(r.width ? { width: r.width } : {}),
      ...(r.height ? { height: r.height } : {}),
      ...(r.duration_seconds ? { durationSeconds: r.duration_seconds } : {}),
      ...(r.frame_rate ? { frameRate: r.frame_rate } : {}),
      ...(r.state === 'failed' ? { errorCode: 'span_panel_failed', errorMessage: r.error_message ?? '' } : {}),
      updatedAt: r.updated_at.toISOString(),
    }));
  }

  /** After the wall was saved: failed files are tried again, and files of the old geometry go. */
  async wallSaved(groupId: string): Promise<void> {
    await this.queue(await this.repo.requeueFailed(groupId));
    await this.d.jobs.send(PANEL_FILE_JOBS.sweep, {}, { singletonKey: 'sweep' });
  }

  /**
   * The sweep job (hourly, and after a wall is saved): deletes the files (rows and stored files)
   * of walls, geometries and source versions that are gone, and fails runs that died.
   */
  async sweep(): Promise<void> {
    const rows = await this.repo.all();
    const [places, served] = await Promise.all([
      this.d.spanRepository.panelsOf([...new Set(rows.map((r) => r.screen_id))]),
      this.d.mediaLibrary.served([...new Set(rows.map((r) => r.asset_id))]),
    ]);
    const obsolete = rows.filter((r) => {
      const place = places.get(r.screen_id);
      if (!place || place.panel.group_id !== r.group_id || geometryHash(place.canvas, panelOf(place.panel)) !== r.geometry_hash) return true;
      return served.get(r.asset_id)?.sha256 !== r.source_sha256;
    });
    const ids = obsolete.map((r) => r.id);
    await this.repo.delete(ids);
    await this.d.videoRenditions.remove(ids);
    const stalled = await this.repo.stalled(new Date(Date.now() - STALLED_MS));
    for (const r of stalled) await this.repo.fail(r.id, 'Preparing this panel stopped and did not resume; save the wall again to retry.');
    if (ids.length || stalled.length) this.d.logger.info({ deleted: ids.length, stalled: stalled.length }, 'wall panel files swept');
  }

  private async queue(ids: string[]): Promise<void> {
    for (const id of ids) await this.d.jobs.send(PANEL_FILE_JOBS.cut, { fileId: id }, { singletonKey: id });
  }
}
