import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { type ArchiveHeader, type ArchiveManifest, FORMAT_VERSION, HEADER_PATH, MANIFEST_PATH } from './archive-format.js';
import { tap } from './archive-writer.js';
import { BackgroundHash } from './background-hash.js';
import { ArchiveProblem } from './backup-errors.js';

/** The header and manifest are small; a larger one is not an archive this server wrote. */
const MAX_JSON_BYTES = 256 * 1024 * 1024;

/** Takes an entry's bytes (a restore writes them somewhere); the reader has checked nothing yet but their order. */
export type EntryHandler = (name: string, size: number, body: Readable) => Promise<void>;

export interface ReadArchive {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
  sizeBytes: number;
  sha256: string;
}

async function readJson(body: Readable, name: string): Promise<any> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) throw new ArchiveProblem(`${name} is too large`);
    parts.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw new ArchiveProblem(`${name} is not JSON`);
  }
}

/**
 * Reads a backup archive from start to end, streaming: every entry's size and SHA-256 must match
 * the manifest (the last entry), nothing may be missing or extra, and the header must come first
 * in a format this server reads. `onEntry` sees each data entry's bytes as they pass.
 */
export async function readArchive(path: string, onEntry?: EntryHandler, onBytes?: (read: number) => void): Promise<ReadArchive> {
  const archiveHash = new BackgroundHash();
  let sizeBytes = 0;
  let sha256 = '';
  const extract = tar.extract();
  const seen = new Map<string, { sizeBytes: number; sha256: string }>();
  let header: ArchiveHeader | undefined;
  let manifest: ArchiveManifest | undefined;
  const reading = pipeline(
    createReadStream(path),
    archiveHash,
    tap((chunk) => {
      sizeBytes += chunk.length;
      onBytes?.(sizeBytes);
    }),
    extract,
  );
  reading.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      if (manifest) throw new ArchiveProblem(`an entry follows ${MANIFEST_PATH}`);
      if (type !== 'file') throw new ArchiveProblem(`${name} is not a file`);
      if (!header && name !== HEADER_PATH) throw new ArchiveProblem(`${HEADER_PATH} is not the first entry`);
      if (seen.has(name)) throw new ArchiveProblem(`${name} appears twice`);
      if (name === MANIFEST_PATH) {
        manifest = await readJson(entry, name);
        continue;
      }
      const hash = createHash('sha256');
      const hashed = entry.pipe(tap((chunk) => hash.update(chunk)));
      if (name === HEADER_PATH) {
        header = await readJson(hashed, name);
        if (header?.formatVersion !== FORMAT_VERSION) throw new ArchiveProblem(`format version ${header?.formatVersion} is not ${FORMAT_VERSION}`);
      } else if (onEntry) await onEntry(name, size, hashed);
      else hashed.resume();
      await new Promise<void>((resolve, reject) => {
        if (hashed.readableEnded) resolve();
        hashed.once('end', resolve).once('error', reject);
      });
      seen.set(name, { sizeBytes: size, sha256: hash.digest('hex') });
    }
    await reading;
    sha256 = await archiveHash.digest();
  } catch (err) {
    extract.destroy();
    if (err instanceof ArchiveProblem) throw err;
    throw new ArchiveProblem(`not a readable archive (${(err as Error).message})`);
  }
  if (!header) throw new ArchiveProblem('the archive is empty');
  if (!manifest) throw new ArchiveProblem(`${MANIFEST_PATH} is missing: the archive was cut short`);
  checkManifest(manifest, seen);
  return { header, manifest, sizeBytes, sha256 };
}

function checkManifest(manifest: ArchiveManifest, seen: Map<string, { sizeBytes: number; sha256: string }>): void {
  if (!Array.isArray(manifest.files)) throw new ArchiveProblem(`${MANIFEST_PATH} lists no files`);
  for (const file of manifest.files) {
    const found = seen.get(file.path);
    if (!found) throw new ArchiveProblem(`${file.path} is missing`);
    if (found.sizeBytes !== file.sizeBytes || found.sha256 !== file.sha256) throw new ArchiveProblem(`${file.path} does not match its checksum`);
    seen.delete(file.path);
  }
  const extra = [...seen.keys()][0];
  if (extra) throw new ArchiveProblem(`${extra} is not in ${MANIFEST_PATH}`);
}

/** Only the header (the first entry): what a restore plan shows, without reading the rest. */
export async function readHeader(path: string): Promise<ArchiveHeader> {
  const extract = tar.extract();
  const source = createReadStream(path);
  source.once('error', (err) => extract.destroy(err));
  source.pipe(extract);
  try {
    for await (const entry of extract) {
      if (entry.header.name !== HEADER_PATH) break;
      const header: ArchiveHeader = await readJson(entry, HEADER_PATH);
      if (header?.formatVersion !== FORMAT_VERSION) throw new ArchiveProblem(`format version ${header?.formatVersion} is not ${FORMAT_VERSION}`);
      return header;
    }
  } catch (err) {
    if (err instanceof ArchiveProblem) throw err;
    throw new ArchiveProblem(`not a readable archive (${(err as Error).message})`);
  } finally {
    source.destroy();
    extract.destroy();
  }
  throw new ArchiveProblem(`${HEADER_PATH} is not the first entry`);
}
