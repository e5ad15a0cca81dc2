import { LocalDiskStorage } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';
import type { MediaStorageConfig } from './storage-config.js';
import type { Storage } from './storage.js';

/** The media store the configuration names: DATA_DIR/media, or an S3-compatible bucket. */
export function createStorage(config: MediaStorageConfig): Storage {
  return config.kind === 'local' ? new LocalDiskStorage(config.root) : new S3Storage(config);
}
