import { Writable } from 'node:stream';
import type { Context, Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { AppError, badRequest, validationFailed } from '../errors.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const hasBody = (ctx: Context) => Number(ctx.get('content-length') || 0) > 0 || (ctx.get('transfer-encoding') !== '' && ctx.get('content-length') === '');

/**
 * Reads a JSON body of at most `limit` bytes into `ctx.request.body`: a single object, or nothing.
 * Malformed JSON and non-object bodies are 400 invalid_request, oversize 413 payload_too_large,
 * another content type 415.
 */
export function jsonBody(limit = DEFAULT_BODY_LIMIT) {
  const parse = koaBody({
    json: true,
    jsonLimit: limit,
    jsonStrict: true,
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    onError(err) {
      throw toBodyError(err, limit);
    },
  });
  return async (ctx: Context, next: Next) => {
    if (!hasBody(ctx)) {
      ctx.request.body = undefined;
      return next();
    }
    if (!ctx.is('application/json', 'application/*+json')) {
      throw new AppError('unsupported_media_type', 'unsupported_media_type', 'The request body must be JSON (Content-Type: application/json).');
    }
    if (Number(ctx.get('content-length') || 0) > limit) throw tooLarge(limit);
    await parse(ctx, async () => {});
    const body = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('invalid_request', 'The request body must be a single JSON object.');
    return next();
  };
}

/** Routes that take no body refuse one, rather than silently ignoring what the client meant. */
export async function noBody(ctx: Context, next: Next) {
  if (hasBody(ctx) && ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    // An empty JSON object is what many clients send by habit; accept exactly that.
    const parse = jsonBody(1024);
    await parse(ctx, async () => {});
    if (Object.keys(ctx.request.body ?? {}).length > 0) throw badRequest('invalid_request', 'This operation takes no request body.');
  }
  ctx.request.body = undefined;
  return next();
}

/** One file part of a multipart body, held in memory (multipart routes take small files only). */
export interface UploadedFile {
  field: string;
  filename: string | null;
  /** As the client declared it: sniff the bytes before trusting it. */
  contentType: string | null;
  bytes: Buffer;
}

// Text fields of a form: a few short values (ids, times, a status), never a payload of their own.
const MAX_FORM_FIELDS = 32;
const MAX_FORM_FIELD_BYTES = 64 * 1024;
const MAX_FORM_FILES = 4;

/**
 * Reads a `multipart/form-data` body whose files total at most `limit` bytes: text fields into
 * `ctx.request.body` (one string each; a repeated field keeps its first value), files into
 * `ctx.state.files`, in memory. Over the limit is 413 payload_too_large, another content type 415,
 * a malformed form 400 invalid_request.
 */
export function multipartBody(limit: number) {
  const parse = koaBody({
    json: false,
    urlencoded: false,
    text: false,
    multipart: true,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH],
    formidable: {
      maxFileSize: limit,
      maxTotalFileSize: limit,
      maxFiles: MAX_FORM_FILES,
      maxFields: MAX_FORM_FIELDS,
      maxFieldsSize: MAX_FORM_FIELD_BYTES,
      allowEmptyFiles: true,
      minFileSize: 0,
      fileWriteStreamHandler: (file?: unknown) => {
        const chunks: Buffer[] = [];
        (file as { chunks?: Buffer[] }).chunks = chunks;
        return new Writable({
          write(chunk: Buffer, _enc, done) {
            chunks.push(chunk);
            done();
          },
        });
      },
    },
    onError(err) {
      throw toMultipartError(err, limit);
    },
  });
  return async (ctx: Context, next: Next) => {
    if (!ctx.is('multipart/form-data')) {
      throw new AppError('unsupported_media_type', 'unsupported_media_type', 'The request body must be a form (Content-Type: multipart/form-data).');
    }
    if (Number(ctx.get('content-length') || 0) > limit + MAX_FORM_FIELD_BYTES) throw tooLarge(limit);
    await parse(ctx, async () => {});
    const fields = (ctx.request.body ?? {}) as Record<string, unknown>;
    ctx.request.body = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    const files: UploadedFile[] = [];
    for (const [field, value] of Object.entries(ctx.request.files ?? {})) {
      for (const f of [value].flat() as unknown as { originalFilename: string | null; mimetype: string | null; chunks?: Buffer[] }[]) {
        files.push({ field, filename: f.originalFilename, contentType: f.mimetype, bytes: Buffer.concat(f.chunks ?? []) });
      }
    }
    ctx.state.files = files;
    return next();
  };
}

function toMultipartError(err: unknown, limit: number): AppError {
  if (err instanceof AppError) return err;
  const e = err as { httpCode?: number; status?: number };
  if (e.httpCode === 413 || e.status === 413) return tooLarge(limit);
  return badRequest('invalid_request', 'The request body is not a valid multipart form.');
}

const tooLarge = (limit: number) => new AppError('payload_too_large', 'payload_too_large', `The request body is larger than ${limit} bytes.`);

// What the JSON parser (@hapi/bourne, through co-body) throws for a `__proto__` key.
const PROTO_KEY_REFUSED = 'Object contains forbidden prototype property';

function toBodyError(err: unknown, limit: number): AppError {
  if (err instanceof AppError) return err;
  const e = err as { status?: number; type?: string };
  if (e.status === 413 || e.type === 'entity.too.large') return tooLarge(limit);
  if (e.status === 415) return new AppError('unsupported_media_type', 'unsupported_media_type', 'Unsupported request encoding.');
  // Valid JSON, but a `__proto__` key could reach an object's prototype; no field of this API has that name.
  if ((err as Error).message === PROTO_KEY_REFUSED)
    return validationFailed('The request body is invalid.', [{ field: 'body', message: 'has a `__proto__` key, which no field takes' }]);
  return badRequest('invalid_request', 'The request body is not valid JSON.');
}
