import type { Context } from 'koa';
import { type Config, optional } from '../kernel/config.js';
import { badRequest } from '../kernel/errors.js';

// A scheme, a host name or bracketed IPv6 address, and a port: nothing a shell could read as code.
const SAFE_ORIGIN = /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The address an installed box calls home to, as the installers write it into scripts and
 * answers. PUBLIC_URL wins when it is set: it is the name the operator published and a
 * certificate matches. Without it, the address the box used to reach this server (its Host, and
 * the forwarded scheme and host behind a trusted proxy), so a server that never set PUBLIC_URL
 * still hands out a script that works.
 */
export function installerOrigin(config: Config, ctx: Context): string {
  const origin = optional(config.raw, 'PUBLIC_URL') ? config.publicUrl.origin : `${ctx.protocol}://${ctx.host}`;
  // Written into a shell script run as root: refused, never cleaned, when it is not plainly an origin.
  if (!SAFE_ORIGIN.test(origin)) {
    throw badRequest(
      'install_server_url_invalid',
      'The Host of this request is not an address an installer can call home to; set PUBLIC_URL on the server, or use its plain address.',
    );
  }
  return origin;
}
