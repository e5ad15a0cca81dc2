import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AssetRow, VariantRow } from '../../core-modules/media/media.models.js';
import type { MediaDeps } from '../../core-modules/media/media-deps.js';
import { storageKeys, type AssetStatus } from '../../core-modules/media/media-types.js';
import type { TestKernel } from './test-kernel.js';

export interface StoredAsset {
  bytes: Buffer;
  /** Extension of the stored original, with the dot. */
  ext: string;
  type: 'image' | 'video';
  mimeType: string;
  name?: string;
}

export const mediaDeps = (k: TestKernel) => k.containerOf('media').cradle as MediaDeps;

/**
 * An asset as a completed upload leaves it, without the upload API: the original stored, the row
 * `queued` with its original variant, and `media.inspect-asset` sent.
 */
export async function createQueuedAsset(k: TestKernel, file: StoredAsset, options: { send?: boolean } = {}): Promise<AssetRow> {
  const deps = mediaDeps(k);
  const id = randomUUID();
  const key = storageKeys.variant(id, 'original', file.ext);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  await deps.storage.put(key, Readable.from([file.bytes]));
  const asset = await deps.assetsRepository.insertWithId(id, {
    name: file.name ?? `test ${file.type}`,
    type: file.type,
    original_filename: `${file.name ?? 'test'}${file.ext}`,
    declared_mime_type: file.mimeType,
    detected_mime_type: file.mimeType,
    sha256,
    original_size: file.bytes.length,
    processing_status: 'queued',
  });
  await deps.assetsRepository.upsertVariant(id, { kind: 'original', storage_key: key, mime_type: file.mimeType, file_size: file.bytes.length, sha256 });
  if (options.send !== false) await deps.jobs.send('media.inspect-asset', { assetId: id });
  return asset;
}

export interface AssetSnapshot {
  asset: AssetRow;
  variants: VariantRow[];
}

export async function snapshot(k: TestKernel, id: string): Promise<AssetSnapshot> {
  const { assetsRepository } = mediaDeps(k);
  const asset = await assetsRepository.byId(id);
  if (!asset) throw new Error(`asset ${id} is gone`);
  return { asset, variants: await assetsRepository.variants(id) };
}

/**
 * Polls until the asset reaches one of `statuses` (default: ready or failed). `seen` collects every
 * processing_progress value observed on the way.
 */
export async function waitForAsset(
  k: TestKernel,
  id: string,
  options: { statuses?: AssetStatus[]; timeoutMs?: number; seen?: (number | null)[]; intervalMs?: number } = {},
): Promise<AssetSnapshot> {
  const statuses = options.statuses ?? ['ready', 'failed'];
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const snap = await snapshot(k, id);
    options.seen?.push(snap.asset.processing_progress);
    if (statuses.includes(snap.asset.processing_status)) return snap;
    if (Date.now() > deadline) {
      throw new Error(
        `asset ${id} is still ${snap.asset.processing_status} after ${options.timeoutMs ?? 60_000} ms (want ${statuses.join(' or ')})${recentProblems(k)}`,
      );
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
  }
}

export const variantOf = (snap: AssetSnapshot, kind: VariantRow['kind']) => snap.variants.find((v) => v.kind === kind);

/** The kernel's last warnings and errors, to say why an asset did not get where a test expected. */
export function recentProblems(k: TestKernel, count = 5): string {
  const lines = k.logs.filter((l) => Number(l.level) >= 40).slice(-count);
  return lines.length ? `\nrecent warnings:\n${lines.map((l) => JSON.stringify(l).slice(0, 800)).join('\n')}` : '';
}

/** Asserts the asset is ready, or says why it is not. */
export function assertReady(k: TestKernel, snap: AssetSnapshot): void {
  const a = snap.asset;
  if (a.processing_status !== 'ready') throw new Error(`asset ${a.id} is ${a.processing_status} (${a.error_code}: ${a.error_message})${recentProblems(k)}`);
}
