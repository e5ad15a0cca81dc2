import { open, readdir, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AssetView } from '../asset-view.js';
import type { ProgressOutput } from '../cli-output.js';
import { ImportProgress } from './import-progress.js';
import { ImportState, importStateKey, type FileIdentity } from './import-state.js';
import { ApiError, UploadClient } from './upload-client.js';

export interface ImportOptions {
  server: string;
  username: string;
  password: string;
  paths: string[];
  stateFile: string;
  /** Wait for processing to end (ready or failed) after the uploads. */
  wait: boolean;
  waitTimeoutSeconds: number;
  chunkBytes: number;
}

export interface ImportSummary {
  uploaded: number;
  failed: number;
  skipped: number;
}

/** Files picked up when a folder is imported; a file named on the command line is always tried. */
const MIME_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
};
const MAX_CONSECUTIVE_FAILURES = 5;
const POLL_INTERVAL_MS = 1_000;

async function walk(dir: string, into: FileIdentity[]): Promise<number> {
  let skipped = 0;
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) skipped += await walk(full, into);
    else if (entry.isFile() && MIME_BY_EXTENSION[extname(entry.name).toLowerCase()]) {
      const s = await stat(full);
      into.push({ path: full, size: s.size, mtimeMs: s.mtimeMs });
    } else skipped++;
  }
  return skipped;
}

export async function collectFiles(paths: string[]): Promise<{ files: FileIdentity[]; skipped: number }> {
  const files: FileIdentity[] = [];
  let skipped = 0;
  for (const p of paths) {
    const full = resolve(p);
    const s = await stat(full).catch(() => undefined);
    if (!s) throw new Error(`no such file or folder: ${p}`);
    if (s.isDirectory()) skipped += await walk(full, files);
    else files.push({ path: full, size: s.size, mtimeMs: s.mtimeMs });
  }
  return { files, skipped };
}

const isRetryable = (err: unknown) =>
  err instanceof ApiError
    ? err.status >= 500 || err.code === 'upload_offset_mismatch' || err.code === 'upload_interrupted' || err.status === 429
    : err instanceof TypeError || (err as Error).name === 'TimeoutError'; // fetch's network failures

/**
 * Uploads files to a running server through the resumable protocol, remembering each upload in
 * the state file so a re-run resumes it, then waits for the server to process them.
 */
export class MediaImport {
  private readonly state: ImportState;
  private readonly buffer: Buffer<ArrayBuffer>;

  constructor(
    private readonly options: ImportOptions,
    private readonly out: ProgressOutput,
  ) {
    this.state = new ImportState(options.stateFile);
    this.buffer = Buffer.allocUnsafe(options.chunkBytes);
  }

  async run(): Promise<ImportSummary> {
    const { files, skipped } = await collectFiles(this.options.paths);
    if (skipped) this.out.line(`Skipping ${skipped} file(s) that are not images or videos.`);
    if (!files.length) throw new Error('nothing to import');
    const client = await UploadClient.signIn(this.options.server, this.options.username, this.options.password);
    try {
      const progress = new ImportProgress(
        this.out,
        files.length,
        files.reduce((n, f) => n + f.size, 0),
      );
      const done: { name: string; asset: AssetView }[] = [];
      let failed = 0;
      for (const [i, file] of files.entries()) {
        const name = basename(file.path);
        try {
          const asset = await this.uploadFile(client, file, progress, i + 1);
          done.push({ name, asset });
          progress.finishFile(`uploaded ${name} \u2192 asset ${asset.id} (${asset.type}, ${asset.detectedMimeType})`);
        } catch (err) {
          failed++;
          progress.finishFile(`FAILED ${name}: ${(err as Error).message}`);
        }
      }
      if (this.options.wait && done.length) failed += await this.waitForProcessing(client, done);
      this.out.line(`${done.length} uploaded, ${failed} failed.`);
      return { uploaded: done.length, failed, skipped };
    } finally {
      await client.signOut();
    }
  }

  private async uploadFile(client: UploadClient, file: FileIdentity, progress: ImportProgress, index: number): Promise<AssetView> {
    const key = importStateKey(this.options.server, this.options.username, file);
    const name = basename(file.path);
    let id = this.state.get(key);
    let offset = 0;
    if (id) {
      const position = await client.position(id);
      if (position && ['pending', 'uploading', 'finalizing', 'finalized'].includes(position.status) && position.length === file.size) offset = position.offset;
      else id = undefined; // expired, cancelled or unknown: start over
    }
    if (!id) {
      if (file.size === 0) throw new Error('the file is empty');
      const mimeType = MIME_BY_EXTENSION[extname(name).toLowerCase()] ?? 'application/octet-stream';
      id = (await client.create({ filename: name, mimeType, sizeBytes: file.size })).id;
      this.state.set(key, id);
    }
    progress.startFile(index, name, file.size, offset);

    const handle = await open(file.path, 'r');
    try {
      let failures = 0;
      while (offset < file.size) {
        const { bytesRead } = await handle.read(this.buffer, 0, Math.min(this.buffer.length, file.size - offset), offset);
        if (bytesRead === 0) throw new Error('the file became shorter while it was being uploaded');
        try {
          const next = await client.append(id, offset, this.buffer.subarray(0, bytesRead));
          progress.advance(next - offset);
          offset = next;
          failures = 0;
        } catch (err) {
          if (!isRetryable(err) || ++failures >= MAX_CONSECUTIVE_FAILURES) throw err;
          await sleep(500 * 2 ** failures);
          // Some of the chunk may have been stored: continue from what the server has.
          const position = await client.position(id);
          if (!position) throw new Error('the server no longer knows this upload', { cause: err });
          progress.advance(position.offset - offset);
          offset = position.offset;
        }
      }
    } finally {
      await handle.close();
    }
    const asset = await this.withRetries(() => client.complete(id!));
    this.state.delete(key);
    return asset;
  }

  /** For idempotent calls: retries network failures and server errors a few times. */
  private async withRetries<T>(call: () => Promise<T>): Promise<T> {
    for (let failures = 0; ; ) {
      try {
        return await call();
      } catch (err) {
        if (!isRetryable(err) || ++failures >= MAX_CONSECUTIVE_FAILURES) throw err;
        await sleep(500 * 2 ** failures);
      }
    }
  }

  /** Polls each asset until it is ready or failed; returns how many failed or did not finish. */
  private async waitForProcessing(client: UploadClient, items: { name: string; asset: AssetView }[]): Promise<number> {
    this.out.line(`Waiting for the server to process ${items.length} asset(s) ...`);
    const pending = new Map(items.map((i) => [i.asset.id, { name: i.name, shown: '' }]));
    let failed = 0;
    const deadline = Date.now() + this.options.waitTimeoutSeconds * 1000;
    while (pending.size) {
      for (const [id, item] of pending) {
        let asset: AssetView;
        try {
          asset = await client.asset(id);
        } catch (err) {
          if (err instanceof ApiError && err.code === 'route_not_found') {
            this.out.line('The server does not report processing (no GET /api/v1/assets/{id}); not waiting.');
            return failed;
          }
          if (isRetryable(err)) continue;
          throw err;
        }
        const status = asset.processingStatus;
        if (status === 'ready' || status === 'failed') {
          pending.delete(id);
          this.out.status?.('');
          if (status === 'failed') failed++;
          this.out.line(
            status === 'ready' ? `  ready: ${item.name}` : `  FAILED processing ${item.name}: ${asset.errorMessage ?? asset.errorCode ?? 'unknown error'}`,
          );
          continue;
        }
        const shown = asset.processingProgress !== null ? `${status} ${asset.processingProgress}%` : status;
        if (shown !== item.shown) {
          item.shown = shown;
          if (this.out.status) this.out.status(`  ${item.name}: ${shown}  (${items.length - pending.size} of ${items.length} done)`);
          else this.out.line(`  ${item.name}: ${shown}`);
        }
      }
      if (!pending.size) break;
      if (Date.now() > deadline) {
        this.out.status?.('');
        this.out.line(`Gave up waiting after ${this.options.waitTimeoutSeconds} s; still processing: ${[...pending.values()].map((p) => p.name).join(', ')}`);
        return failed + pending.size;
      }
      await sleep(POLL_INTERVAL_MS);
    }
    return failed;
  }
}
