import { Transform } from 'node:stream';
import { Worker } from 'node:worker_threads';

// SHA-256 costs more than moving the bytes (a few hundred MB/s per core without SHA instructions),
// and an archive's bytes are hashed twice: as entries and as the whole archive. The whole-archive
// hash runs here, on a thread of its own, at the same time as the entries' on the main thread.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const hash = require('node:crypto').createHash('sha256');
parentPort.on('message', (chunk) => {
  if (chunk === null) parentPort.postMessage({ digest: hash.digest('hex') });
  else {
    hash.update(chunk);
    parentPort.postMessage({ hashed: chunk.byteLength });
  }
});`;

/** Bytes sent to the thread and not yet hashed, at most: the stream waits beyond it (memory stays bounded). */
const MAX_PENDING = 4 * 1024 * 1024;

/** A pass-through stream that hashes what it passes on a worker thread; `digest()` once it has ended. */
export class BackgroundHash extends Transform {
  private readonly worker = new Worker(WORKER, { eval: true });
  private pending = 0;
  private release?: () => void;
  private readonly result: Promise<string>;

  constructor() {
    super();
    this.result = new Promise<string>((resolve, reject) => {
      this.worker.on('message', (m: { hashed?: number; digest?: string }) => {
        if (m.digest !== undefined) return resolve(m.digest);
        this.pending -= m.hashed!;
        if (this.pending <= MAX_PENDING) this.release?.();
      });
      this.worker.once('error', (err) => {
        reject(err);
        this.destroy(err);
      });
    });
    this.result.catch(() => {});
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.pending += chunk.length;
    this.worker.postMessage(chunk);
    if (this.pending <= MAX_PENDING) {
      done(null, chunk);
      return;
    }
    this.release = () => {
      this.release = undefined;
      done(null, chunk);
    };
  }

  /** The hex SHA-256 of everything that passed; ends the thread. */
  async digest(): Promise<string> {
    this.worker.postMessage(null);
    try {
      return await this.result;
    } finally {
      await this.worker.terminate();
    }
  }

  // A stream that ended is destroyed too: only a failure ends the thread here, digest() ends it otherwise.
  override _destroy(err: Error | null, done: (err: Error | null) => void): void {
    if (err) void this.worker.terminate();
    done(err);
  }
}
