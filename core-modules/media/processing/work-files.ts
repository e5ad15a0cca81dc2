import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageNotFound, type Storage } from '../../../kernel/storage/storage.js';
import { MediaRejected } from './processing-errors.js';

const PREFIX = 'signage-media-';
/** `signage-media-<pid>-<start>-XXXXXX`: the owner process, its start time (0 where unknown), mkdtemp's suffix. */
const OWNED = /^signage-media-(\d+)-(\d+)-[A-Za-z0-9]{6}$/;
/** Folders of versions that did not name their owner: removed once surely unused (a transcode runs 6 h at most). */
const UNOWNED = /^signage-media-[A-Za-z0-9]{6}$/;
const UNOWNED_AFTER_MS = 24 * 3600_000;

/**
 * A process's state and start time in clock ticks since boot (/proc/<pid>/stat, fields 3 and 22):
 * with the pid, the start names one process, so a pid reused by another is not taken for the
 * owner. Undefined where it cannot be read (no /proc, hidepid, gone).
 */
function processStat(pid: number): { zombie: boolean; start: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ? { zombie: fields[0] === 'Z', start: fields[19] } : undefined;
  } catch {
    return undefined;
  }
}

const OWNER = `${process.pid}-${processStat(process.pid)?.start ?? 0}`;

/** Whether the folder's owner may still run: only a sure "gone" (or another process under its pid) says no. */
function ownerAlive(pid: number, start: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: gone
  }
  if (start === '0') return true;
  const now = processStat(pid);
  return !now || (!now.zombie && now.start === start);
}

/**
 * Scratch space for one job run under the OS temp folder: sharp and ffmpeg want seekable files,
 * and storage may be remote. Removed when the run ends, whichever way it ends; a killed process's
 * is removed by the next start (sweepWorkDirs), which its name makes safe.
 */
export async function withWorkDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `${PREFIX}${OWNER}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Removes the work folders of processes that are gone (killed mid-job), of any server process on
 * this machine, and never one of a live process. Returns the names removed.
 */
export async function sweepWorkDirs(dir = tmpdir(), now = Date.now()): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(PREFIX)) continue;
    const owned = OWNED.exec(entry.name);
    const path = join(dir, entry.name);
    let stale = false;
    if (owned) stale = !ownerAlive(Number(owned[1]), owned[2]!);
    else if (UNOWNED.test(entry.name))
      stale = await stat(path).then(
        (s) => now - s.mtimeMs > UNOWNED_AFTER_MS,
        () => false,
      );
    if (!stale) continue;
    try {
      await rm(path, { recursive: true, force: true });
      removed.push(entry.name);
    } catch {
      // another user's folder, or gone meanwhile: not ours to clear
    }
  }
  return removed;
}

/** Copies a stored object to `file`. A missing original cannot come back, so it fails the asset. */
export async function fetchToFile(storage: Storage, key: string, file: string): Promise<void> {
  let body: Readable;
  try {
    body = await storage.get(key);
  } catch (err) {
    if (err instanceof StorageNotFound) throw new MediaRejected('media_inspection_failed', 'The uploaded file is missing from storage; upload it again.');
    throw err;
  }
  await pipeline(body, createWriteStream(file));
}

export interface StoredFile {
  fileSize: number;
  sha256: string;
}

/** Stores a stream of `size` bytes under `key` (atomically, as storage does), hashing it on the way. */
async function storeStream(storage: Storage, key: string, source: Readable, size: number): Promise<StoredFile> {
  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  source.on('error', (err) => tap.destroy(err));
  const stored = await storage.put(key, source.pipe(tap), size);
  return { fileSize: stored.size, sha256: hash.digest('hex') };
}

export const storeFile = async (storage: Storage, key: string, file: string) => storeStream(storage, key, createReadStream(file), (await stat(file)).size);
export const storeBuffer = (storage: Storage, key: string, data: Buffer) => storeStream(storage, key, Readable.from([data]), data.length);
