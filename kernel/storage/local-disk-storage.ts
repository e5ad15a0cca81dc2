import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent, open as openFd } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, StorageNotFound, type ByteRange, type DiskSpace, type Storage, type StoredObject } from './storage.js';

const TMP = '.tmp';
const WRITE_BUFFER_BYTES = 1024 * 1024;
/**
 * A write in progress keeps its temp file's mtime fresh (stores copy local files at disk speed), so
 * one untouched for this long was left by a process killed mid-write.
 */
export const STALE_TEMP_AFTER_MS = 3600_000;

async function fsyncPath(path: string) {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Files under one root folder. Writes go to a temp file, are fsynced, then renamed into place. */
export class LocalDiskStorage implements Storage {
  readonly kind = 'local';
  readonly location: string;

  constructor(private readonly root: string) {
    this.location = root;
  }

  private path(key: string) {
    assertKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const target = this.path(key);
    const tmpDir = join(this.root, TMP);
    await mkdir(tmpDir, { recursive: true });
    await mkdir(dirname(target), { recursive: true });
    const tmp = join(tmpDir, randomUUID());
    try {
      // A large buffer lets chunks that arrive during a write go out together in one writev.
      await pipeline(body, createWriteStream(tmp, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES }));
      await fsyncPath(tmp);
      await rename(tmp, target);
      await fsyncPath(dirname(target));
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return (await this.stat(key))!;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.path(key);
    // Open first so a missing file is a rejected promise, not a later stream error.
    const fd = await new Promise<number>((resolve, reject) =>
      openFd(path, 'r', (err, fd) => (err ? reject(err.code === 'ENOENT' ? new StorageNotFound(key) : err) : resolve(fd))),
    );
    // The stream owns the descriptor and closes it exactly once, when it ends or is destroyed.
    return createReadStream('', { fd, autoClose: true, ...(range ? { start: range.start, end: range.end } : {}) });
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<string> {
    const start = prefix ? this.path(prefix.replace(/\/+$/, '')) : this.root;
    const walk = async function* (dir: string): AsyncIterable<string> {
      let entries: Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
        throw err;
      }
      for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== TMP) yield* walk(full);
        } else if (entry.isFile()) yield full;
      }
    };
    for await (const full of walk(start)) yield relative(this.root, full).split(sep).join('/');
  }

  /** Removes what interrupted writes left in the temp folder (see STALE_TEMP_AFTER_MS); returns their names. */
  async sweepTemporary(olderThanMs = STALE_TEMP_AFTER_MS, now = Date.now()): Promise<string[]> {
    const tmpDir = join(this.root, TMP);
    let entries: Dirent[];
    try {
      entries = await readdir(tmpDir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const removed: string[] = [];
    for (const entry of entries) {
      const path = join(tmpDir, entry.name);
      try {
        if (now - (await stat(path)).mtimeMs <= olderThanMs) continue;
        await rm(path, { recursive: true, force: true });
        removed.push(entry.name);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // renamed into place meanwhile
      }
    }
    return removed;
  }

  async space(): Promise<DiskSpace> {
    await mkdir(this.root, { recursive: true });
    const [fs, dir] = await Promise.all([statfs(this.root), stat(this.root)]);
    return { freeBytes: fs.bavail * fs.bsize, device: dir.dev };
  }

  async checkWritable(): Promise<void> {
    const tmpDir = join(this.root, TMP);
    await mkdir(tmpDir, { recursive: true });
    const probe = join(tmpDir, `probe-${randomUUID()}`);
    const handle = await open(probe, 'wx');
    try {
      await handle.writeFile('ok');
      await handle.sync();
    } finally {
      await handle.close();
      await rm(probe, { force: true });
    }
  }
}
