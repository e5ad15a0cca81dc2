import type { Context } from 'koa';
import type { SecretBox } from '../../../kernel/secret-box.js';
import type { AuthConfig } from '../auth-config.js';
import { randomToken } from '../../../kernel/secrets.js';
import type { SignIn } from './sign-in-result.js';
import { sessionReply } from './session-view.js';
import type { AuthBaseDeps } from '../auth-base-deps.js';

const DEVICE_COOKIE = 'signage_device';
const PURPOSE = 'auth.known-device';
const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

/**
 * "Known device" cookies (OWASP's device cookies): a browser that completed a sign-in to an account
 * carries `<user id>.<nonce>.<signature>`, signed with a server key. It exempts that browser from the
 * account's lock-out, so failures from elsewhere cannot lock the owner out of their own browser.
 */
export class KnownDevices {
  private readonly box: SecretBox;
  private readonly authConfig: AuthConfig;

  constructor({ secretBox, authConfig }: Pick<AuthBaseDeps, 'secretBox' | 'authConfig'>) {
    this.box = secretBox;
    this.authConfig = authConfig;
  }

  /** This browser's device id, when its cookie was signed here for `userId`. */
  idFor(cookie: string | undefined, userId: string | undefined): string | undefined {
    const [owner, nonce, ...signature] = cookie?.split('.') ?? [];
    const device = `${owner}.${nonce}`;
    return userId && owner === userId && nonce && this.box.verify(PURPOSE, device, signature.join('.')) ? device : undefined;
  }

  /** Gives the browser of a completed sign-in a fresh cookie for `userId` (sent only to the sign-in routes). */
  remember(ctx: Context, userId: string): void {
    const device = `${userId}.${randomToken(16)}`;
    // Behind a TLS-terminating proxy the request looks like plain http; the cookie must still be Secure.
    if (this.authConfig.cookieSecure) ctx.cookies.secure = true;
    ctx.cookies.set(DEVICE_COOKIE, `${device}.${this.box.sign(PURPOSE, device)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.authConfig.cookieSecure,
      path: '/api/v1/auth/',
      maxAge: DEVICE_TTL_MS,
      overwrite: true,
    });
  }
}

export const deviceCookieOf = (ctx: Context) => ctx.cookies.get(DEVICE_COOKIE);

/** The cookies a completed sign-in sets, for the OpenAPI document. */
export const SIGNED_IN_HEADERS = {
  'Set-Cookie':
    '`signage_session` (the session) and `signage_device` (this browser is known to the account, which exempts it from the account-wide lock-out; sent only to `/api/v1/auth/`).',
};

/** Starts the session of a completed sign-in and marks the browser as known to the account. */
export function signedInReply(ctx: Context, knownDevices: KnownDevices, signIn: SignIn) {
  knownDevices.remember(ctx, signIn.user.id);
  return sessionReply(ctx, signIn);
}
