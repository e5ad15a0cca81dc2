import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import { AppError } from '../errors.js';
import { planFileResponse, spanLength, type ByteSpan } from './byte-range.js';

/** A stored file ready to be served: validators up front, bytes opened only when they are sent. */
export interface FileToSend {
  size: number;
  mimeType: string;
  sha256: string;
  lastModified: Date;
  /** Shown to a browser that saves the file; never a storage key or path. */
  filename: string;
  /** Saved rather than shown (`Content-Disposition: attachment`): a download such as a backup archive. */
  attachment?: boolean;
  open(span: ByteSpan): Promise<Readable>;
  /** Where the client may fetch the bytes itself (a presigned URL), or undefined to send them from here. */
  directUrl?(): Promise<string | undefined>;
  /** The quoted validator clients already resume with, where it is not the default `"<sha256>"`. */
  etag?: string;
}

// The bare SHA-256 hex, quoted: players resume a download with `If-Range: "<sha256>"` from the manifest.
const etagOf = (sha256: string) => `"${sha256}"`;

// RFC 8187 attr-char: encodeURIComponent leaves ' ( ) * unescaped, which a header parameter may not.
const extValue = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const asciiFallback = (name: string) => name.replace(/[^A-Za-z0-9._ -]/g, '_');

export function contentDisposition(filename: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  return `${disposition}; filename="${asciiFallback(filename)}"; filename*=UTF-8''${extValue(filename)}`;
}

/**
 * Answers GET or HEAD for a stored file with 200, 206, 304, 412 or 416 and the usual validators.
 * The bytes are streamed from storage (never buffered whole), and only for GET: a HEAD answer has
 * the same headers and no body. Where the store offers a direct URL, a GET that would send bytes is
 * redirected there (302) instead: the client's Range goes with it; conditions were answered here.
 * Refusals are AppErrors so they get the JSON error envelope.
 */
export async function sendFile(ctx: Context, file: FileToSend): Promise<void> {
  const etag = file.etag ?? etagOf(file.sha256);
  const header = (name: string) => (ctx.get(name) === '' ? undefined : ctx.get(name));
  const plan = planFileResponse(
    {
      method: ctx.method,
      range: header('range'),
      ifRange: header('if-range'),
      ifMatch: header('if-match'),
      ifNoneMatch: header('if-none-match'),
      ifModifiedSince: header('if-modified-since'),
      ifUnmodifiedSince: header('if-unmodified-since'),
    },
    { size: file.size, etag, lastModified: file.lastModified },
  );
  if (plan.status === 412) throw new AppError('precondition_failed', 'precondition_failed', 'The file no longer matches If-Match or If-Unmodified-Since.');
  if (plan.status === 416) {
    throw new AppError('range_not_satisfiable', 'range_not_satisfiable', `The requested range is outside the file (${file.size} bytes).`, undefined, {
      'Content-Range': `bytes */${file.size}`,
      'Accept-Ranges': 'bytes',
    });
  }
  const direct = ctx.method === 'GET' && plan.status !== 304 ? await file.directUrl?.() : undefined;
  if (direct) {
    // Presigned URLs expire: neither the answer nor the URL may be kept.
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 302;
    ctx.set('Location', direct);
    ctx.body = '';
    // No body to describe: the answer is its Location (as openapi.json says).
    ctx.remove('Content-Type');
    return;
  }
  // Open before any header is set: a file missing from storage must still become a clean error.
  const body = ctx.method === 'GET' && plan.status !== 304 && plan.span ? await file.open(plan.span) : undefined;

  ctx.set('ETag', etag);
  ctx.set('Last-Modified', file.lastModified.toUTCString());
  // Private: previews are behind a session. Revalidate every time: ETag makes that a cheap 304.
  ctx.set('Cache-Control', 'private, max-age=0, must-revalidate');
  if (plan.status === 304) {
    ctx.status = 304;
    return;
  }
  ctx.set('Accept-Ranges', 'bytes');
  ctx.set('Content-Disposition', contentDisposition(file.filename, file.attachment ? 'attachment' : 'inline'));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.status = plan.status;
  ctx.type = file.mimeType;
  if (plan.status === 206) ctx.set('Content-Range', `bytes ${plan.span.start}-${plan.span.end}/${file.size}`);
  if (body) ctx.body = body;
  else if (ctx.method === 'GET') ctx.body = ''; // an empty file; left unset Koa would write its status text
  // After the body: Koa drops Content-Length when a body replaces another one.
  ctx.length = spanLength(plan.span);
}
