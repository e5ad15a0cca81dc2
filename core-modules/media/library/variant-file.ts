import type { Logger } from '../../../kernel/logger.js';
import type { Storage } from '../../../kernel/storage/storage.js';
import { storedFile } from '../../../kernel/storage/stored-file.js';
import type { FileToSend } from '../../../kernel/http/file-response.js';
import type { VariantRow } from '../media.models.js';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/x-matroska': '.mkv',
};

/**
 * A stored variant as a file to send, or undefined when storage lost it or holds another size
 * (the manifest promised `file_size` bytes, which a player verifies). `missing` is thrown when the
 * file disappears between this check and the read.
 */
export async function variantFile(
  d: { storage: Storage; logger: Logger },
  variant: VariantRow,
  name: string,
  missing: () => Error,
): Promise<FileToSend | undefined> {
  const stat = await d.storage.stat(variant.storage_key);
  if (!stat || stat.size !== Number(variant.file_size)) {
    // The row says the file exists: storage lost it (a restore without media, a disk swap).
    d.logger.warn({ variantId: variant.id, assetId: variant.asset_id, kind: variant.kind }, 'stored file of a variant is missing or has the wrong size');
    return undefined;
  }
  const facts = {
    size: stat.size,
    mimeType: variant.mime_type,
    sha256: variant.sha256,
    lastModified: variant.created_at,
    filename: `${name}${EXTENSIONS[variant.mime_type] ?? ''}`,
  };
  return storedFile(d.storage, variant.storage_key, facts, missing);
}
