import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

/** Inclusive byte range, as HTTP Range uses. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live. Keys are relative, slash-separated (`assets/<id>/original`). The local
 * disk driver is the default; an S3-compatible driver implements the same five operations.
 */
export interface Storage {
  /** Stores the stream under `key` atomically: readers see the old object or the whole new one. */
  put(key: string, body: Readable): Promise<StoredObject>;
  /** Reads the object, or the given range of it. Rejects with StorageNotFound when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** Deleting an absent key is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<string>;
  /** Throws with a readable reason when new objects cannot be written. */
  checkWritable(): Promise<void>;
}

export class StorageNotFound extends Error {
  constructor(key: string) {
    super(`no stored object "${key}"`);
    this.name = 'StorageNotFound';
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Keys never contain `..`, absolute paths or empty segments. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.')) throw new Error(`invalid storage key "${key}"`);
}
