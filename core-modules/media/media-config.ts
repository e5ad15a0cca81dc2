import { integer, type Config } from '../../kernel/config.js';

export interface MediaConfig {
  /** Largest upload accepted (MEDIA_MAX_UPLOAD_BYTES, default 10 GiB). */
  maxUploadBytes: number;
  /**
   * Free disk kept on the media disk (MEDIA_RESERVED_FREE_BYTES, 1 GiB): uploads are refused when
   * what they will write would leave less (DiskReserve; it keeps the database's max_wal_size when
   * the database shares the disk).
   */
  reservedFreeBytes: number;
  /** Hours an unfinished upload is kept. */
  uploadLifetimeHours: number;
  /** Largest image accepted, in pixels. */
  maxImagePixels: number;
}

const GIB = 1024 ** 3;

export function loadMediaConfig(config: Config): MediaConfig {
  return {
    maxUploadBytes: integer(config.raw, 'MEDIA_MAX_UPLOAD_BYTES', 10 * GIB, 1, Number.MAX_SAFE_INTEGER),
    reservedFreeBytes: integer(config.raw, 'MEDIA_RESERVED_FREE_BYTES', GIB, 0, Number.MAX_SAFE_INTEGER),
    uploadLifetimeHours: 24,
    maxImagePixels: 100_000_000,
  };
}
