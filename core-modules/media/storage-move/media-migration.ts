import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { type Storage, StorageNotFound } from '../../../kernel/storage/storage.js';
import type { CopyLog } from './copy-log.js';
import type { MigrationProgress } from './migration-progress.js';

/** A running server keeps writing while files are copied: passes go on until one finds nothing new, at most this many. */
const MAX_PASSES = 5;

interface SourceFile {
  key: string;
  size: number;
  modifiedAt: number;
}

export interface MigrationSummary {
  passes: number;
  copied: number;
  /** Copied before (by an earlier run, or an earlier pass) and unchanged since. */
  skipped: number;
  failed: { key: string; reason: string }[];
  bytes: number;
  seconds: number;
}

async function sha256Of(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The source's files that the log does not show copied in their current version (and present in the target). */
async function toCopy(source: Storage, target: Storage, log: CopyLog): Promise<{ files: SourceFile[]; unchanged: number }> {
  const files: SourceFile[] = [];
  let unchanged = 0;
  for await (const key of source.list('')) {
    const stat = await source.stat(key);
    if (!stat) continue; // deleted meanwhile
    const file = { key, size: stat.size, modifiedAt: stat.modifiedAt.getTime() };
    if (log.has(key, file) && (await target.stat(key))?.size === file.size) unchanged++;
    else files.push(file);
  }
  return { files, unchanged };
}

/** Streams one file across, hashing it on the way, then reads the copy back and compares. */
async function copy(source: Storage, target: Storage, file: SourceFile, onBytes: (n: number) => void): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
  const body = await source.get(file.key);
  body.on('error', (err) => tap.destroy(err));
  const stored = await target.put(file.key, body.pipe(tap));
  const sha256 = hash.digest('hex');
  if ((await sha256Of(await target.get(file.key))) !== sha256) throw new Error('the copy reads back different bytes');
  return { size: stored.size, sha256 };
}

/**
 * Copies every file of `source` into `target`, each verified by its SHA-256 read back from the
 * target, recorded in `log` as it is done. Never deletes anything. Files are read as they are at
 * the moment, so it can run beside a server that keeps writing to `source`.
 */
export async function migrateMedia(source: Storage, target: Storage, log: CopyLog, progress: MigrationProgress): Promise<MigrationSummary> {
  const started = Date.now();
  const summary: MigrationSummary = { passes: 0, copied: 0, skipped: 0, failed: [], bytes: 0, seconds: 0 };
  const failed = new Set<string>();
  for (let pass = 1; pass <= MAX_PASSES; pass++) {
    const { files, unchanged } = await toCopy(source, target, log);
    if (pass === 1) summary.skipped = unchanged;
    const todo = files.filter((f) => !failed.has(f.key));
    if (!todo.length) break;
    summary.passes = pass;
    progress.startPass(
      pass,
      todo.length,
      todo.reduce((n, f) => n + f.size, 0),
    );
    for (const file of todo) {
      try {
        const copied = await copy(source, target, file, (n) => progress.advance(n));
        log.record(file.key, { size: copied.size, modifiedAt: file.modifiedAt, sha256: copied.sha256 });
        summary.copied++;
        summary.bytes += copied.size;
      } catch (err) {
        if (err instanceof StorageNotFound) continue; // deleted since it was listed: nothing to copy
        failed.add(file.key);
        summary.failed.push({ key: file.key, reason: (err as Error).message });
        progress.failed(file.key, (err as Error).message);
      } finally {
        progress.fileDone();
      }
    }
  }
  summary.seconds = (Date.now() - started) / 1000;
  return summary;
}
