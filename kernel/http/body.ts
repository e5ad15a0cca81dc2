import type { Context, Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { AppError, badRequest } from '../errors.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

const hasBody = (ctx: Context) =>
  Number(ctx.get('content-length') || 0) > 0 || (ctx.get('transfer-encoding') !== '' && ctx.get('content-length') === '');

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

const tooLarge = (limit: number) =>
  new AppError('payload_too_large', 'payload_too_large', `The request body is larger than ${limit} bytes.`);

function toBodyError(err: unknown, limit: number): AppError {
  if (err instanceof AppError) return err;
  const e = err as { status?: number; type?: string };
  if (e.status === 413 || e.type === 'entity.too.large') return tooLarge(limit);
  if (e.status === 415) return new AppError('unsupported_media_type', 'unsupported_media_type', 'Unsupported request encoding.');
  return badRequest('invalid_request', 'The request body is not valid JSON.');
}
