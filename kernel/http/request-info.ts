import type { Context } from 'koa';
import type { AuthRequest } from '../auth/principal.js';

export function authRequestOf(ctx: Context): AuthRequest {
  return { method: ctx.method, path: ctx.path, headers: ctx.headers, ip: ctx.ip, ctx };
}
