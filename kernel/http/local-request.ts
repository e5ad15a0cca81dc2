import type { Context } from 'koa';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const isLoopback = (address: string | undefined) => Boolean(address && (/^(::ffff:)?127\./.test(address) || address === '::1'));

/**
 * Whether the request comes from a program on the server's own machine. Behind a reverse proxy on
 * the same machine every connection comes from loopback, so a request carrying a forwarding header
 * is never local, whatever TRUST_PROXY says: the socket peer and the absence of proxies decide.
 */
export function isSameMachine(ctx: Context): boolean {
  return isLoopback(ctx.req.socket.remoteAddress) && FORWARDING_HEADERS.every((h) => ctx.get(h) === '');
}
