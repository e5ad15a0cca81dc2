import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageNotFound, type Storage } from '../../../kernel/storage/storage.js';
import { MediaRejected } from './processing-errors.js';

/**
 * Scratch space for one job run under the OS temp folder: sharp and ffmpeg want seekable files,
 * and storage may be remote. Removed when the run ends, whichever way it ends.
 */
export async function withWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'signage-media-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Copies a stored object to `file`. A missing original cannot come back, so it fails the asset. */
export async function fetchToFile(storage: Storage, key: string, file: string): Promise<void> {
  let body: Readable;
  try {
    body = await storage.get(key);
  } catch (err) {
    if (err instanceof StorageNotFound) throw new MediaRejected('media_inspection_failed', 'The uploaded file is missing from storage; upload it again.');
    throw err;
  }
  await pipeline(body, createWriteStream(file));
}

export interface StoredFile {
  fileSize: number;
  sha256: string;
}

/** Stores a stream under `key` (atomically, as storage does), hashing it on the way. */
async function storeStream(storage: Storage, key: string, source: Readable): Promise<StoredFile> {
  const hash = createHash('sha256');
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  source.on('error', (err) => tap.destroy(err));
  await storage.put(key, source.pipe(tap));
  return { fileSize: size, sha256: hash.digest('hex') };
}

export const storeFile = (storage: Storage, key: string, file: string) => storeStream(storage, key, createReadStream(file));
export const storeBuffer = (storage: Storage, key: string, data: Buffer) => storeStream(storage, key, Readable.from([data]));
