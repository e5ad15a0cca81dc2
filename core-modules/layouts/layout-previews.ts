import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { AppError } from '../../kernel/errors.js';
import type { FileToSend } from '../../kernel/http/file-response.js';
import { storedFile } from '../../kernel/storage/stored-file.js';
import { layoutNotFound, revisionConflict } from './layout-errors.js';
import type { LayoutsBaseDeps } from './layouts-deps.js';

export const MAX_PREVIEW_BYTES = 500 * 1024;

type Deps = Pick<LayoutsBaseDeps, 'layoutsRepository' | 'storage' | 'auditLog'>;

const keyOf = (layoutId: string) => `layouts/${layoutId}/preview`;
const tooLarge = () => new AppError('payload_too_large', 'preview_too_large', `A layout preview image is at most ${MAX_PREVIEW_BYTES / 1024} KB.`);
const noPreview = () => new AppError('not_found', 'layout_preview_not_found', 'This layout has no preview image.');

/** The accepted formats, told by their first bytes whatever the request's Content-Type says. */
export function sniffPreview(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | undefined {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

// Reads at most one byte past the limit, so an oversize body is refused without being held whole.
async function readLimited(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_PREVIEW_BYTES) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A layout draft's preview image (the console renders it): stored through the storage interface,
 * tied to the draft revision it shows, and dropped when the draft changes.
 */
export class LayoutPreviews {
  constructor(private readonly d: Deps) {}

  async put(actor: ConsolePrincipal, layoutId: string, draftRevision: number, body: Readable, declaredLength: number, ip: string): Promise<void> {
    if (declaredLength > MAX_PREVIEW_BYTES) throw tooLarge();
    const row = await this.d.layoutsRepository.byId(layoutId);
    if (!row) throw layoutNotFound();
    if (row.draft_revision !== draftRevision) throw revisionConflict();
    const bytes = await readLimited(body);
    const contentType = sniffPreview(bytes);
    if (!contentType) throw new AppError('unsupported_media_type', 'unsupported_preview_type', 'A layout preview is a JPEG, PNG or WebP image.');
    await this.d.storage.put(keyOf(layoutId), Readable.from([bytes]), bytes.length);
    const facts = { contentType, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
    if (!(await this.d.layoutsRepository.setPreview(layoutId, draftRevision, facts))) {
      throw (await this.d.layoutsRepository.byId(layoutId)) ? revisionConflict() : layoutNotFound();
    }
    await this.d.auditLog.record({
      action: 'layout.preview_updated',
      actor,
      ip,
      resourceType: 'layout',
      resourceId: layoutId,
      metadata: { size: bytes.length },
    });
  }

  /** The stored preview, ready for `sendFile`; 404 when the layout or its preview is missing. */
  async file(layoutId: string): Promise<FileToSend> {
    const row = await this.d.layoutsRepository.byId(layoutId);
    if (!row) throw layoutNotFound();
    if (!row.preview_sha256 || !row.preview_content_type || row.preview_size === null) throw noPreview();
    const key = keyOf(layoutId);
    const facts = {
      size: row.preview_size,
      mimeType: row.preview_content_type,
      sha256: row.preview_sha256,
      lastModified: row.preview_updated_at ?? row.updated_at,
      filename: `${row.name}-preview.${row.preview_content_type.slice('image/'.length)}`,
    };
    return storedFile(this.d.storage, key, facts, noPreview);
  }

  /** Drops the stored image (after its row no longer names it); absent is fine. */
  discard(layoutId: string): Promise<void> {
    return this.d.storage.delete(keyOf(layoutId));
  }
}
