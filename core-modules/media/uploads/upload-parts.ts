import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { Storage } from '../../../kernel/storage/storage.js';
import type { KernelDeps } from '../../../kernel/kernel.js';
import { storageKeys } from '../media-types.js';

/**
 * Bytes of one append stored as one object at most: an append longer than this is stored as several,
 * so a dropped connection loses no more than the object being written when the store cannot keep a
 * prefix of it (an S3 upload), and a local disk gets files of a size that copy well.
 */
const SEGMENT_BYTES = 64 * 1024 * 1024;
/** Bytes gathered from the socket before the store writes them: few, large writes, and bounded memory. */
const WRITE_BATCH_BYTES = 1024 * 1024;
/** A client that sends nothing for this long is treated as gone, so it cannot hold the row lock. */
const IDLE_TIMEOUT_MS = 60_000;

export interface AppendResult {
  /** Bytes now stored (durably) after the starting offset. */
  written: number;
  /** The body was longer than allowed; what this append stored was removed and nothing counts. */
  overflow: boolean;
  /** The body stopped early (client gone, idle): what arrived before is kept. */
  interruption?: Error;
  /** Storing failed (a full disk, an unreachable bucket): what was stored before is kept. */
  writeError?: NodeJS.ErrnoException;
}

interface Segment {
  offset: number;
  key: string;
}

/** Marks a failure of the store, as opposed to one of the client's body. */
class StoreFailure extends Error {
  constructor(override readonly cause: NodeJS.ErrnoException) {
    super(cause.message);
  }
}

const stored = <T>(work: Promise<T>) =>
  work.catch((err: NodeJS.ErrnoException) => {
    throw new StoreFailure(err);
  });

/** One object being written from a stretch of the body. */
class SegmentWrite {
  // Room for a megabyte of what the socket delivers while the store writes: the store gets large writes.
  readonly body = new PassThrough({ highWaterMark: WRITE_BATCH_BYTES });
  readonly done: Promise<unknown>;
  bytes = 0;

  constructor(storage: Storage, key: string) {
    this.done = stored(storage.put(key, this.body));
    this.done.catch(() => {}); // awaited by whoever ends it; a failure also shows in write()
  }

  async write(piece: Buffer): Promise<void> {
    this.bytes += piece.length;
    if (!this.body.write(piece)) await Promise.race([once(this.body, 'drain'), this.done]);
  }

  /** Stores what it was given: the object is complete. */
  async end(): Promise<void> {
    this.body.end();
    await this.done;
  }

  /** Stores nothing. */
  async abandon(): Promise<void> {
    this.body.destroy(new Error('abandoned'));
    await this.done.catch(() => {});
  }
}

/**
 * The bytes of unfinished uploads, kept in media storage beside the files (so any server process
 * can take the next chunk, with storage on a bucket): each append is stored as objects
 * `uploads/<id>/<offset>`, the offset the bytes start at. An append retried after a crash first
 * removes what the crashed one stored past the committed offset.
 */
export class UploadParts {
  private readonly storage: Storage;

  constructor({ storage }: Pick<KernelDeps, 'storage'>) {
    this.storage = storage;
  }

  /**
   * Streams `body` into storage from `offset` with backpressure, at most `maxBytes`. Whatever a
   * crashed or refused earlier append left past `offset` is removed first, so the stored bytes always
   * end where the committed offset plus this append says.
   */
  async append(id: string, offset: number, body: Readable, maxBytes: number): Promise<AppendResult> {
    const result: AppendResult = { written: 0, overflow: false };
    try {
      await stored(this.removeFrom(id, offset));
    } catch (err) {
      result.writeError = (err as StoreFailure).cause;
      return result;
    }
    let segment: SegmentWrite | undefined;
    const finish = async () => {
      if (!segment) return;
      const done = segment;
      segment = undefined;
      if (!done.bytes) return done.abandon();
      await done.end();
      result.written += done.bytes;
    };
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => body.destroy(new Error('no data received for a while')), IDLE_TIMEOUT_MS);
    };
    try {
      armIdle();
      // destroyOnReturn false: on overflow the request stays intact so a 413 can still be answered.
      for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        armIdle();
        if (result.written + (segment?.bytes ?? 0) + chunk.length > maxBytes) {
          result.overflow = true;
          break;
        }
        let rest = chunk;
        while (rest.length) {
          segment ??= new SegmentWrite(this.storage, storageKeys.uploadSegment(id, offset + result.written));
          const piece = rest.subarray(0, SEGMENT_BYTES - segment.bytes);
          rest = rest.subarray(piece.length);
          await segment.write(piece);
          if (segment.bytes === SEGMENT_BYTES) await finish();
        }
      }
      if (!result.overflow) await finish();
    } catch (err) {
      if (err instanceof StoreFailure) result.writeError = err.cause;
      else result.interruption = err as Error;
    } finally {
      clearTimeout(idle);
    }
    if (result.overflow) {
      await segment?.abandon();
      await this.removeFrom(id, offset);
      result.written = 0;
    } else if (result.interruption) {
      // The bytes that did arrive are a valid prefix of what the client sent: keep them.
      await finish().catch((err: NodeJS.ErrnoException) => {
        result.writeError = err instanceof StoreFailure ? err.cause : err;
      });
    } else await segment?.abandon();
    return result;
  }

  /** The first `n` bytes (fewer if fewer are stored). */
  async head(id: string, n: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of this.read(id, n) as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
    }
    return Buffer.concat(chunks, length);
  }

  /** How many bytes from the start are stored without a gap (0 when none are). */
  async size(id: string): Promise<number> {
    let end = 0;
    for (const segment of await this.segments(id)) {
      if (segment.offset !== end) break;
      end += (await this.storage.stat(segment.key))?.size ?? 0;
    }
    return end;
  }

  /** The first `length` bytes as one stream, read object after object. */
  read(id: string, length: number): Readable {
    const { storage } = this;
    const segments = () => this.segments(id);
    return Readable.from(
      (async function* () {
        let left = length;
        for (const segment of await segments()) {
          if (left <= 0) return;
          for await (const chunk of (await storage.get(segment.key)) as AsyncIterable<Buffer>) {
            const piece = chunk.length > left ? chunk.subarray(0, left) : chunk;
            left -= piece.length;
            yield piece;
            if (left <= 0) return;
          }
        }
      })(),
    );
  }

  async remove(id: string): Promise<void> {
    await this.removeFrom(id, 0);
    await this.storage.delete(storageKeys.legacyUpload(id));
  }

  /** Ids of every upload with bytes stored. */
  async ids(): Promise<string[]> {
    const ids = new Set<string>();
    for await (const key of this.storage.list('uploads/')) {
      const id = /^uploads\/([0-9a-f-]{36})(\/|\.part$)/.exec(key)?.[1];
      if (id) ids.add(id);
    }
    return [...ids];
  }

  private async removeFrom(id: string, offset: number): Promise<void> {
    for (const segment of await this.segments(id)) if (segment.offset >= offset) await this.storage.delete(segment.key);
  }

  /** The upload's objects in offset order. */
  private async segments(id: string): Promise<Segment[]> {
    const found: Segment[] = [];
    for await (const key of this.storage.list(storageKeys.uploadSegments(id))) {
      const offset = storageKeys.segmentOffset(key);
      if (offset !== undefined) found.push({ offset, key });
    }
    return found.sort((a, b) => a.offset - b.offset);
  }
}
