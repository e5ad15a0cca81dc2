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

/** What a client that fetches an object directly is told about it. */
export interface DirectDownload {
  /** Shown to a browser that saves the file. */
  filename: string;
  mimeType: string;
}

/** Room on the local disk that holds the store: what the upload guard needs. */
export interface DiskSpace {
  /** Bytes this process may still write there. */
  freeBytes: number;
  /** The file system's id (fs.stat's dev), to tell whether the database's files share it. */
  device: number;
}

/**
 * Where media bytes live. Keys are relative, slash-separated (`assets/<id>/original`). The local
 * disk driver is the default (MEDIA_STORAGE=local); the S3 driver keeps them in a bucket, so server
 * processes on several hosts share them.
 */
export interface Storage {
  /** For logs and status pages: `local` or `s3`. */
  readonly kind: 'local' | 's3';
  /** Where, in words an operator recognises (a folder, or a bucket and prefix). */
  readonly location: string;
  /**
   * Stores the stream under `key` atomically: readers see the old object or the whole new one.
   * `size`, when the caller knows it, is exactly what the stream holds: a remote store then sends
   * the object in one request.
   */
  put(key: string, body: Readable, size?: number): Promise<StoredObject>;
  /** Reads the object, or the given range of it. Rejects with StorageNotFound when absent. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** Deleting an absent key is not an error. */
  delete(key: string): Promise<void>;
  list(prefix: string): AsyncIterable<string>;
  /** Throws with a readable reason when new objects cannot be written. */
  checkWritable(): Promise<void>;
  /**
   * Free room on the disk under the store. Only a local disk has one: a bucket has no free space a
   * server can see, so stores without this method are never refused for room.
   */
  space?(): Promise<DiskSpace>;
  /**
   * Removes what writes interrupted by a killed process left behind (a local disk's temp files)
   * and returns their names. A store whose interrupted writes leave nothing visible has no sweep.
   */
  sweepTemporary?(): Promise<string[]>;
  /**
   * A short-lived URL from which a client may fetch the object itself, or undefined when it must be
   * served through this server (the default; see MEDIA_DOWNLOADS).
   */
  directUrl?(key: string, download: DirectDownload): Promise<string | undefined>;
}

/**
 * The store cannot be used at the moment (a bucket that cannot be reached, refuses, or fails): said
 * to clients as 503 `storage_unavailable`, never mistaken for the database being down.
 */
export class StorageUnavailable extends Error {
  override name = 'StorageUnavailable';
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
