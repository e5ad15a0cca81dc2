import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import Koa, { type Context, type Middleware, type Next } from 'koa';
import type { RouteTable } from './route-table.js';
import type { Logger } from '../logger.js';
import { AppError } from '../errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, isDatabaseUnavailable } from '../db/database.js';
import { StorageUnavailable } from '../storage/storage.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id, one log line per request, and the error envelope. */
function requestContext(logger: Logger, onResponse?: (ctx: Context) => void) {
  return async (ctx: Context, next: Next) => {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } catch (err) {
      renderError(ctx, err, logger);
    } finally {
      onResponse?.(ctx);
      // A 500 is a fault of the server; other 5xx answers say how it is set up or what it depends on
      // (501 not configured, 502 an upstream service, 503 the database away): worth a warning, not an alarm.
      const level = ctx.status === 500 ? 'error' : ctx.status > 500 ? 'warn' : 'info';
      if (logger.isLevelEnabled(level)) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logger[level](
          {
            requestId,
            method: ctx.method,
            path: ctx.path,
            route: ctx._matchedRoute,
            status: ctx.status,
            ms: Math.round(ms * 10) / 10,
            ip: ctx.ip,
            userAgent: ctx.get('user-agent') || undefined,
          },
          'request',
        );
      }
    }
  };
}

const storageUnavailable = () =>
  new AppError('unavailable', 'storage_unavailable', 'Media storage is not available at the moment; try again shortly.', undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });

function renderError(ctx: Context, err: unknown, logger: Logger) {
  // The database or the media store down is no bug: 503 with Retry-After, whichever call ran into it.
  if (err instanceof StorageUnavailable) logger.warn({ reason: err.message, requestId: ctx.state.requestId }, 'media storage unavailable');
  const known =
    err instanceof AppError ? err : isDatabaseUnavailable(err) ? databaseUnavailable() : err instanceof StorageUnavailable ? storageUnavailable() : undefined;
  if (known) {
    ctx.status = known.status;
    for (const [name, value] of Object.entries(known.headers ?? {})) ctx.set(name, value);
    ctx.body = { error: { code: known.code, message: known.message, ...(known.details === undefined ? {} : { details: known.details }) } };
    return;
  }
  // Anything else is a bug: log it with the request id, tell the client nothing about it.
  logger.error({ err, requestId: ctx.state.requestId }, 'unhandled error');
  ctx.status = 500;
  ctx.body = { error: { code: 'internal_error', message: 'An internal error occurred.' } };
}

/** After the router: an unmatched path is 404, a known path with another method 405 with Allow. */
function notFoundOrNotAllowed(table: RouteTable) {
  return async (ctx: Context) => {
    const methods = table.methodsFor(ctx.path);
    if (methods.size > 0) {
      if (methods.has('GET')) methods.add('HEAD');
      throw new AppError('method_not_allowed', 'method_not_allowed', `${ctx.method} is not allowed on this path.`, undefined, {
        Allow: [...methods].sort().join(', '),
      });
    }
    throw new AppError('not_found', 'route_not_found', `No route for ${ctx.method} ${ctx.path}.`);
  };
}

/**
 * Security headers on every answer. The CSP fits the API reference page (swagger-ui: scripts from
 * files, styles it sets inline, data: icons) and the console, a built app served from this origin:
 * fetch and WebSocket to it, images and media from it or blob:/data:. Players are not browsers and
 * ignore these. HSTS and the upgrade of subresource requests only when PUBLIC_URL is https: on
 * plain http (a LAN address) the upgrade would break the pages.
 */
function securityHeaderOptions(publicUrl: URL): HelmetOptions {
  const https = publicUrl.protocol === 'https:';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers ws(s): of this origin in current browsers; the public one is named for older ones.
        connectSrc: ["'self'", `${https ? 'wss' : 'ws'}://${publicUrl.host}`],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
    // no-referrer would also make browsers send `Origin: null` on the console's own POSTs.
    referrerPolicy: { policy: 'same-origin' },
  };
}

/**
 * Helmet's headers, worked out once. Every directive above is a constant (no per-request nonce), so
 * every answer gets the same values; running helmet per request (through koa-helmet's promise
 * wrapper) cost a heartbeat about a tenth of its time.
 */
function securityHeaders(publicUrl: URL): Middleware {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let outcome: { err?: unknown } | undefined;
  helmet(securityHeaderOptions(publicUrl))({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (outcome = { err }));
  if (!outcome || outcome.err) throw outcome?.err ?? new Error('helmet did not set its headers at once');
  const fixed = [...headers];
  return (ctx, next) => {
    for (const [name, value] of fixed) ctx.res.setHeader(name, value);
    return next();
  };
}

export interface HttpAppOptions {
  trustProxy: boolean;
  /** PUBLIC_URL: https turns on HSTS. */
  publicUrl: URL;
  middleware: ((app: Koa) => Middleware)[];
  /** Sees every answer once it is final (status, headers, body), before Koa sends it. */
  onResponse?: (ctx: Context) => void;
}

export function createHttpApp(table: RouteTable, logger: Logger, options: HttpAppOptions): Koa {
  const app = new Koa({ proxy: options.trustProxy });
  app.silent = true;
  app.use(requestContext(logger, options.onResponse));
  app.use(securityHeaders(options.publicUrl));
  for (const mw of options.middleware) app.use(mw(app));
  app.use(table.dispatch());
  app.use(notFoundOrNotAllowed(table));
  return app;
}
