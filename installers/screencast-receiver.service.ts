import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Transform } from 'node:stream';
import { notFound } from '../kernel/errors.js';
import type { FileToSend } from '../kernel/http/file-response.js';
import { storedFile } from '../kernel/storage/stored-file.js';
import type { InstallersDeps } from './installers-deps.js';

export const SET_RECEIVER_COMMAND = 'npm run cli -- installers set-screencast-receiver <file.tar.gz>';

const STORAGE_PREFIX = 'installers/screencast-receiver';
const MIB = 1024 * 1024;
// Progress is printed for archives at least this large, every PROGRESS_STEP bytes.
const PROGRESS_STEP = 64 * MIB;

/** The receiver archive as clients see it. */
export interface ScreencastReceiver {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  providedAt: Date;
}

const notProvided = () =>
  notFound(
    'screencast_receiver_not_provided',
    `No screencast receiver has been provided on this server. Its operator provides one with: ${SET_RECEIVER_COMMAND}`,
  );

const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

type Deps = Pick<InstallersDeps, 'db' | 'storage' | 'auditLog' | 'screencastReceiverRepository'>;

/**
 * The screencast receiver's source archive, provided by the operator on the command line (the
 * server ships none) and served to `install-screencast.sh` with its SHA-256.
 */
export class ScreencastReceiverService {
  constructor(private readonly d: Deps) {}

  async current(): Promise<ScreencastReceiver> {
    const row = await this.d.screencastReceiverRepository.current();
    if (!row) throw notProvided();
    return { fileName: row.file_name, sizeBytes: Number(row.size_bytes), sha256: row.sha256, providedAt: row.provided_at };
  }

  async file(): Promise<FileToSend> {
    const row = await this.d.screencastReceiverRepository.current();
    if (!row) throw notProvided();
    return storedFile(
      this.d.storage,
      row.storage_key,
      { size: Number(row.size_bytes), mimeType: 'application/gzip', sha256: row.sha256, lastModified: row.provided_at, filename: row.file_name },
      notProvided,
    );
  }

  /**
   * Stores the archive at `path` (streamed, hashed on the way) and makes it the one served; the
   * one it replaces is deleted from storage. Throws with a sentence an operator can act on.
   */
  async provide(path: string, out: (line: string) => void): Promise<ScreencastReceiver> {
    const size = await this.checkArchive(path);
    const fileName = basename(path);
    const key = `${STORAGE_PREFIX}/${randomUUID()}.tar.gz`;
    const hash = createHash('sha256');
    let read = 0;
    let reported = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        read += chunk.length;
        if (size >= PROGRESS_STEP && read - reported >= PROGRESS_STEP) {
          reported = read;
          out(`  ${mib(read)} of ${mib(size)} (${Math.floor((read / size) * 100)}%)`);
        }
        done(null, chunk);
      },
    });
    out(`Storing ${fileName} (${mib(size)}) in ${this.d.storage.location}...`);
    const source = createReadStream(path);
    // pipe() does not pass a read error on: the store must see its stream fail, not end short.
    source.on('error', (err) => counting.destroy(err));
    await this.d.storage.put(key, source.pipe(counting), size);
    if (read !== size) {
      await this.d.storage.delete(key);
      throw new Error(`${path} changed while it was read (${read} bytes read, ${size} expected); nothing was changed`);
    }
    const sha256 = hash.digest('hex');
    let previous: string | undefined;
    try {
      previous = await this.d.db.transaction(async (trx) => {
        const replaced = await this.d.screencastReceiverRepository.replace({ storage_key: key, file_name: fileName, size_bytes: size, sha256 }, trx);
        await this.d.auditLog.record(
          {
            action: 'installers.screencast_receiver_provided',
            resourceType: 'screencast_receiver',
            resourceId: sha256,
            metadata: { fileName, sizeBytes: size },
          },
          trx,
        );
        return replaced;
      });
    } catch (err) {
      await this.d.storage.delete(key);
      throw err;
    }
    if (previous && previous !== key) await this.d.storage.delete(previous);
    return this.current();
  }

  /** A readable, non-empty gzip file (a .tar.gz starts with the gzip magic bytes): its size. */
  private async checkArchive(path: string): Promise<number> {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new Error(`${path} is not a file`);
    const head = Buffer.alloc(2);
    const handle = await open(path, 'r');
    try {
      await handle.read(head, 0, 2, 0);
    } finally {
      await handle.close();
    }
    if (head[0] !== 0x1f || head[1] !== 0x8b) throw new Error(`${path} is not a gzip archive: provide the receiver's source as a .tar.gz`);
    return info.size;
  }
}
