import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rm, stat, statfs, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { KernelDeps } from '../../../kernel/kernel.js';
import { storageKeys } from '../media-types.js';

/** Bytes gathered from the socket before one write: few syscalls, and memory stays bounded. */
const WRITE_BATCH_BYTES = 1024 * 1024;
/** A client that sends nothing for this long is treated as gone, so it cannot hold the row lock. */
const IDLE_TIMEOUT_MS = 60_000;

export interface AppendResult {
  /** Bytes now on disk (fsynced) after the starting offset. */
  written: number;
  /** The body was longer than allowed; the file was truncated back and nothing counts. */
  overflow: boolean;
  /** The body stopped early (client gone, idle): what arrived before is kept. */
  interruption?: Error;
  /** Writing failed (e.g. disk full): what was written before is kept. */
  writeError?: NodeJS.ErrnoException;
}

async function writeAll(handle: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let rest = buffers;
  while (rest.length) {
    const { bytesWritten } = await handle.writev(rest, position);
    position += bytesWritten;
    // A short write (rare on regular files): drop what went out and write the remainder.
    let skip = bytesWritten;
    while (rest.length && skip >= rest[0]!.length) skip -= rest.shift()!.length;
    if (rest.length && skip) rest = [rest[0]!.subarray(skip), ...rest.slice(1)];
  }
}

/**
 * The bytes of unfinished uploads: one `<id>.part` file each under `${DATA_DIR}/media/uploads`,
 * where the storage key `uploads/<id>.part` points on local disk. They stay local files (not
 * Storage objects) because appending at an offset is not something every storage backend can do.
 */
export class UploadParts {
  readonly dir: string;
  private readonly root: string;

  constructor({ config }: Pick<KernelDeps, 'config'>) {
    this.root = join(config.dataDir, 'media');
    this.dir = join(this.root, 'uploads');
  }

  path(id: string): string {
    return join(this.root, ...storageKeys.upload(id).split('/'));
  }

  async create(id: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const handle = await open(this.path(id), 'wx');
    await handle.close();
  }

  /** The id of the file system that holds the parts (fs.stat's dev). */
  async device(): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    return (await stat(this.dir)).dev;
  }

  /** Bytes available to this process on the disk that holds the parts. */
  async freeBytes(): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    const s = await statfs(this.dir);
    return s.bavail * s.bsize;
  }

  /**
   * Streams `body` into the part at `offset` with backpressure, at most `maxBytes`, then fsyncs.
   * Anything past `offset` left by an earlier crash is cut off first, so the file always ends where
   * the committed offset plus this append says.
   */
  async append(id: string, offset: number, body: Readable, maxBytes: number): Promise<AppendResult> {
    const handle = await open(this.path(id), 'r+');
    const result: AppendResult = { written: 0, overflow: false };
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (!pendingBytes) return;
      const buffers = pending;
      const n = pendingBytes;
      pending = [];
      pendingBytes = 0;
      try {
        await writeAll(handle, buffers, offset + result.written);
      } catch (err) {
        result.writeError = err as NodeJS.ErrnoException;
        throw err;
      }
      result.written += n;
    };
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => body.destroy(new Error('no data received for a while')), IDLE_TIMEOUT_MS);
    };
    try {
      await handle.truncate(offset);
      armIdle();
      // destroyOnReturn false: on overflow the request stays intact so a 413 can still be answered.
      for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
        armIdle();
        if (result.written + pendingBytes + chunk.length > maxBytes) {
          result.overflow = true;
          break;
        }
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= WRITE_BATCH_BYTES) await flush();
      }
      if (!result.overflow) await flush();
    } catch (err) {
      if (!result.writeError) result.interruption = err as Error;
    } finally {
      clearTimeout(idle);
    }
    try {
      if (result.overflow) {
        result.written = 0;
        await handle.truncate(offset);
      } else {
        // The bytes that did arrive are a valid prefix of what the client sent: keep them.
        if (result.interruption) await flush().catch(() => {});
        await handle.truncate(offset + result.written);
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    return result;
  }

  /** The first `n` bytes (fewer if the file is shorter); empty when the part is gone. */
  async head(id: string, n: number): Promise<Buffer> {
    let handle: FileHandle;
    try {
      handle = await open(this.path(id), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
      throw err;
    }
    try {
      const buffer = Buffer.alloc(n);
      const { bytesRead } = await handle.read(buffer, 0, n, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** The part's size, or undefined when it is gone. */
  async size(id: string): Promise<number | undefined> {
    try {
      const handle = await open(this.path(id), 'r');
      try {
        return (await handle.stat()).size;
      } finally {
        await handle.close();
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  /** The first `length` bytes as a stream. */
  read(id: string, length: number): Readable {
    return createReadStream(this.path(id), { start: 0, end: Math.max(0, length - 1) });
  }

  async remove(id: string): Promise<void> {
    await rm(this.path(id), { force: true });
  }

  /** Ids of every part file on disk. */
  async ids(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    return names.map((n) => /^([0-9a-f-]{36})\.part$/.exec(n)?.[1]).filter((id): id is string => Boolean(id));
  }
}
