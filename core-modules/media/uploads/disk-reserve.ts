import type { Knex } from 'knex';
import { databaseDisk } from './database-disk.js';
import { uploadErrors } from './upload-errors.js';
import type { UploadsBaseDeps } from './uploads-base-deps.js';

type Deps = Pick<UploadsBaseDeps, 'db' | 'logger' | 'mediaConfig' | 'storage' | 'uploadSessionsRepository'>;

/**
 * Keeps free space on the disk that holds media (uploads' bytes and stored files, both under
 * DATA_DIR/media) for what else lives there, the database above all: PostgreSQL panics when it
 * cannot create its next WAL segment and does not start again until space is freed. The bytes an
 * upload will still write are reserved in the database when it is created, so uploads running at
 * once in any server process are counted together. Media on a bucket has no such disk: then
 * nothing is refused here for room.
 */
export class DiskReserve {
  private keep?: Promise<number>;

  constructor(private readonly d: Deps) {}

  /**
   * Bytes kept free: MEDIA_RESERVED_FREE_BYTES, raised to the database's max_wal_size when the
   * database's files are on this disk. Worked out once per process, and logged.
   */
  bytes(): Promise<number> {
    this.keep ??= this.workOut().catch((err: unknown) => {
      this.keep = undefined; // asked again next time
      throw err;
    });
    return this.keep;
  }

  /**
   * Refuses (507) unless `bytes` more can be written beside what every open upload has reserved.
   * Takes a lock shared by all processes until `trx` ends: the caller records its reservation in
   * `trx`, so two creates never both take the last of the room.
   */
  async reserve(bytes: number, trx: Knex.Transaction): Promise<void> {
    await this.d.uploadSessionsRepository.lockReservations(trx);
    const free = await this.freeBytes();
    if (free === undefined) return;
    const reserved = await this.d.uploadSessionsRepository.reservedBytes(trx);
    if (free - reserved - bytes < (await this.bytes())) throw uploadErrors.insufficientStorage();
  }

  /**
   * For a write that was reserved: refuses only when writers outside the reservations (processing)
   * have eaten into the reserve since. Others' reservations are not counted again here: bytes they
   * are writing this moment are already off the free space.
   */
  async assertFree(bytes: number): Promise<void> {
    const free = await this.freeBytes();
    if (free !== undefined && free - bytes < (await this.bytes())) throw uploadErrors.insufficientStorage();
  }

  private async freeBytes(): Promise<number | undefined> {
    return (await this.d.storage.space?.())?.freeBytes;
  }

  private async workOut(): Promise<number> {
    const configured = this.d.mediaConfig.reservedFreeBytes;
    const space = await this.d.storage.space?.();
    if (!space) {
      this.d.logger.info({ storage: this.d.storage.kind }, 'media disk reserve: none, media is not on a local disk');
      return 0;
    }
    const { sharesDiskWith, maxWalBytes } = await databaseDisk(this.d.db, space.device);
    // Only a disk known to be shared raises the reserve: an operator who set a small one for a
    // database elsewhere keeps it when this process cannot see where the database is.
    const keep = sharesDiskWith ? Math.max(configured, maxWalBytes) : configured;
    const fields = { reserveBytes: keep, configuredBytes: configured, databaseSharesDisk: sharesDiskWith ?? null };
    if (keep > configured) this.d.logger.warn({ ...fields, reason: 'the database shares this disk; its max_wal_size is kept free' }, 'media disk reserve');
    else this.d.logger.info(fields, 'media disk reserve');
    return keep;
  }
}
