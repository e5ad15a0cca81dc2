import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AssetRow } from '../../core-modules/media/media.models.js';
import type { MediaDeps } from '../../core-modules/media/media-deps.js';
import { storageKeys, type AssetStatus, type VariantKind } from '../../core-modules/media/media-types.js';
import { makeJpeg, makePng } from './media-files.js';
import type { Role } from '../../kernel/auth/principal.js';
import { consoleCall, login, resetRateLimits, type ConsoleSession } from './console-client.js';
import type { TestKernel } from './test-kernel.js';

export const libraryDeps = (k: TestKernel) => k.containerOf('media').cradle as MediaDeps;

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface SeedOptions {
  name?: string;
  type?: 'image' | 'video';
  status?: AssetStatus;
  /** The original's bytes; default a small PNG (image) or random bytes (video). */
  bytes?: Buffer;
  mimeType?: string;
  /** Stores a JPEG thumbnail (images) or poster (videos); default true. */
  thumbnail?: boolean;
  /** Also a playback variant with these bytes. */
  playback?: Buffer;
  originalFilename?: string;
  createdAt?: Date;
  folderId?: string | null;
}

export interface SeededAsset {
  id: string;
  row: AssetRow;
  original: Buffer;
  thumbnail?: Buffer;
}

async function storeVariant(k: TestKernel, assetId: string, kind: VariantKind, bytes: Buffer, mimeType: string, ext: string) {
  const deps = libraryDeps(k);
  const key = storageKeys.variant(assetId, kind, ext);
  await deps.storage.put(key, Readable.from([bytes]));
  await deps.assetsRepository.upsertVariant(assetId, {
    kind,
    storage_key: key,
    mime_type: mimeType,
    file_size: bytes.length,
    sha256: sha256(bytes),
    player_compatible: kind === 'original' || kind === 'playback',
  });
}

/**
 * A library asset as processing leaves it, without the upload API: stored original (and thumbnail
 * or poster), the row `ready` unless told otherwise.
 */
export async function seedAsset(k: TestKernel, options: SeedOptions = {}): Promise<SeededAsset> {
  const deps = libraryDeps(k);
  const type = options.type ?? 'image';
  const original = options.bytes ?? (type === 'image' ? await makePng(32, 24) : Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256)));
  const mimeType = options.mimeType ?? (type === 'image' ? 'image/png' : 'video/mp4');
  const ext = type === 'image' ? '.png' : '.mp4';
  const id = randomUUID();
  const name = options.name ?? `asset ${id.slice(0, 8)}`;
  await deps.assetsRepository.insertWithId(id, {
    name,
    type,
    original_filename: options.originalFilename ?? `${name}${ext}`,
    declared_mime_type: mimeType,
    detected_mime_type: mimeType,
    sha256: sha256(original),
    original_size: original.length,
    processing_status: options.status ?? 'ready',
    folder_id: options.folderId ?? null,
  });
  if (options.createdAt) await k.db('assets').where({ id }).update({ created_at: options.createdAt, updated_at: options.createdAt });
  await storeVariant(k, id, 'original', original, mimeType, ext);
  if (options.playback) await storeVariant(k, id, 'playback', options.playback, 'video/mp4', '.mp4');
  let thumbnail: Buffer | undefined;
  if (options.thumbnail !== false) {
    thumbnail = await makeJpeg(48, 27);
    await storeVariant(k, id, type === 'image' ? 'thumbnail' : 'poster', thumbnail, 'image/jpeg', '.jpg');
  }
  const row = (await deps.assetsRepository.byId(id))!;
  return { id, row, original, thumbnail };
}

/** A PNG original, for tests that only need some real image. */
export const seedImage = async (k: TestKernel, name?: string) => seedAsset(k, { name, bytes: await makePng(16, 16) });

const PASSWORD = 'a long enough password';

/** A signed-in session for a new user of each role, created by the owner. */
export async function sessionsByRole<R extends Role>(k: TestKernel, owner: ConsoleSession, roles: R[]): Promise<Record<R, ConsoleSession>> {
  // Filled below for every role asked for.
  const sessions = {} as Record<R, ConsoleSession>;
  for (const role of roles) {
    const username = `${role}-${randomUUID().slice(0, 6)}`;
    const res = await consoleCall(k, owner, 'POST', '/api/v1/users', { name: `A ${role}`, username, password: PASSWORD, role });
    if (res.status !== 201) throw new Error(`creating a ${role} failed: ${res.status} ${JSON.stringify(res.body)}`);
    await resetRateLimits(k);
    sessions[role] = await login(k, username, PASSWORD);
  }
  return sessions;
}

/** Sets organization settings as the owner (reads the revision first). */
export async function setSettings(k: TestKernel, owner: ConsoleSession, values: Record<string, unknown>): Promise<void> {
  const current = await consoleCall(k, owner, 'GET', '/api/v1/settings');
  const res = await consoleCall(k, owner, 'PATCH', '/api/v1/settings', { revision: current.body.data.revision, values });
  if (res.status !== 200) throw new Error(`changing settings failed: ${res.status} ${JSON.stringify(res.body)}`);
}
