import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

// Text worth compressing; images and fonts already are.
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest']);

/** One built file, held in memory with its compressed forms (the whole console is a few hundred KB). */
export interface ConsoleFile {
  type: string;
  etag: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export interface ConsoleBuild {
  /** `index.html` as built, with the nonce placeholder still in it. */
  indexHtml: string;
  /** Files by URL path (`/assets/index-3f2a1c.js`). */
  files: Map<string, ConsoleFile>;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : [],
  );
}

function fileOf(path: string): ConsoleFile {
  const identity = readFileSync(path);
  const ext = extname(path);
  const compress = COMPRESSIBLE.has(ext) && identity.length > 1024;
  return {
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    gzip: compress ? gzipSync(identity, { level: 9 }) : undefined,
    br: compress ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : undefined,
  };
}

/** Reads the built console once; undefined while it has not been built. */
export function loadConsoleBuild(dir: string): ConsoleBuild | undefined {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return undefined;
  const files = new Map<string, ConsoleFile>();
  for (const path of walk(dir)) {
    if (path === index) continue;
    files.set(`/${relative(dir, path).split('\\').join('/')}`, fileOf(path));
  }
  return { indexHtml: readFileSync(index, 'utf8'), files };
}

/** The best encoding the client accepts among those the file has. */
export function pickEncoding(file: ConsoleFile, acceptEncoding: string): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q?.trim() !== 'q=0')
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (file.br && accepted.has('br')) return 'br';
  if (file.gzip && accepted.has('gzip')) return 'gzip';
  return undefined;
}
