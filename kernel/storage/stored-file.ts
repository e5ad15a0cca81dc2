import type { FileToSend } from '../http/file-response.js';
import { StorageNotFound, type Storage } from './storage.js';

/** What is said of a stored file besides its bytes. */
export type StoredFileFacts = Omit<FileToSend, 'open' | 'directUrl'>;

/**
 * A stored object as a file to send: its bytes read from storage when sent, or fetched by the client
 * from the store itself where the store offers that (media on S3 with MEDIA_DOWNLOADS=redirect).
 * `missing` is thrown when the object is gone at the moment it is read.
 */
export function storedFile(storage: Storage, key: string, facts: StoredFileFacts, missing: () => Error): FileToSend {
  return {
    ...facts,
    open: (span) =>
      storage.get(key, span).catch((err: unknown) => {
        throw err instanceof StorageNotFound ? missing() : err;
      }),
    ...(storage.directUrl ? { directUrl: () => storage.directUrl!(key, { filename: facts.filename, mimeType: facts.mimeType }) } : {}),
  };
}
