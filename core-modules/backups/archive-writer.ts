import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { BackgroundHash } from './background-hash.js';
import type { ManifestFile } from './archive-format.js';

/** Passes bytes through, feeding each chunk to `see` on the way. */
export const tap = (see: (chunk: Buffer) => void) =>
  new Transform({
    transform(chunk: Buffer, _enc, done) {
      see(chunk);
      done(null, chunk);
    },
  });

/**
 * Writes a tar to a file as entries come, never holding more than the entry being written: the
 * archive's SHA-256 and each entry's size and SHA-256 are computed on the way through.
 */
export class ArchiveWriter {
  private readonly pack = tar.pack();
  private readonly archiveHash = new BackgroundHash();
  private readonly written: Promise<void>;
  private sizeBytes = 0;
  readonly files: ManifestFile[] = [];

  constructor(private readonly path: string) {
    this.written = pipeline(
      this.pack,
      this.archiveHash,
      tap((chunk) => {
        this.sizeBytes += chunk.length;
      }),
      createWriteStream(path, { flags: 'wx' }),
    );
    // Seen by whichever add or finish awaits it; never an unhandled rejection meanwhile.
    this.written.catch(() => {});
  }

  async addBuffer(name: string, data: Buffer): Promise<void> {
    await this.addStream(name, data.length, [data]);
  }

  /** Adds an entry of exactly `size` bytes read from `source`; a source that gives another count fails the archive. */
  async addStream(name: string, size: number, source: Readable | Buffer[]): Promise<void> {
    const hash = createHash('sha256');
    let seen = 0;
    const entry = this.pack.entry({ name, size, mode: 0o644, mtime: new Date() });
    await Promise.race([
      pipeline(
        source,
        tap((chunk) => {
          hash.update(chunk);
          seen += chunk.length;
        }),
        entry,
      ),
      this.written.then(() => {
        throw new Error('the archive closed while an entry was written');
      }),
    ]);
    if (seen !== size) throw new Error(`${name}: expected ${size} bytes, read ${seen}`);
    this.files.push({ path: name, sizeBytes: size, sha256: hash.digest('hex') });
  }

  /** Ends the tar; answers its size and SHA-256 once every byte is on disk. */
  async finish(): Promise<{ sizeBytes: number; sha256: string }> {
    this.pack.finalize();
    await this.written;
    return { sizeBytes: this.sizeBytes, sha256: await this.archiveHash.digest() };
  }

  /** Stops writing and removes the partial file. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => {});
    await rm(this.path, { force: true });
  }
}
