import { RateLimiterRes, type RateLimiterPostgres } from 'rate-limiter-flexible';
import { rateLimited } from '../../../kernel/errors.js';
import { consumeOrRefuse } from '../../../kernel/rate-limiter.js';
import { sha256 } from '../../../kernel/secrets.js';
import type { KnownDevices } from './known-device.js';
import type { KnownDevicesDeps } from './known-devices-deps.js';

/** Attempts on one account from browsers it does not know, from every address together, per window. */
export const ACCOUNT_ATTEMPTS = 5;
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;
/** Each time the account's budget runs out within a day the lock-out doubles, up to an hour. */
const LOCKOUT_MEMORY_SECONDS = 24 * 60 * 60;
const LONGEST_LOCKOUT_SECONDS = 60 * 60;
/** A known browser's own budget on its account. */
export const DEVICE_ATTEMPTS = 5;

// Hashed: a key stays short whatever the username's length.
const accountKey = (username: string) => sha256(username);

/**
 * Per-account brute-force limits (OWASP), counted in PostgreSQL so every process shares them.
 * Each password or code attempt takes a point before it is checked, so parallel guesses cannot
 * outrun the count; a completed sign-in forgives them. Guesses from unknown browsers share one budget
 * per account, whatever their address, and lock it out for longer each time they exhaust it. A
 * browser holding the account's known-device cookie spends only its own budget, so an attacker
 * cannot lock the owner out of their own browser. Passkeys are not counted: they cannot be guessed.
 */
export class SignInLimits {
  private readonly account: RateLimiterPostgres;
  private readonly lockouts: RateLimiterPostgres;
  private readonly device: RateLimiterPostgres;
  private readonly knownDevices: KnownDevices;

  constructor({ rateLimiter, knownDevices }: Pick<KnownDevicesDeps, 'rateLimiter' | 'knownDevices'>) {
    this.knownDevices = knownDevices;
    this.account = rateLimiter.limiter({ keyPrefix: 'auth-account', points: ACCOUNT_ATTEMPTS, duration: ACCOUNT_WINDOW_SECONDS });
    this.lockouts = rateLimiter.limiter({ keyPrefix: 'auth-account-lockouts', points: Number.MAX_SAFE_INTEGER, duration: LOCKOUT_MEMORY_SECONDS });
    this.device = rateLimiter.limiter({ keyPrefix: 'auth-device', points: DEVICE_ATTEMPTS, duration: ACCOUNT_WINDOW_SECONDS });
  }

  /**
   * Takes a point for one attempt on `username` (whose account, if it exists, is `userId`); throws
   * 429 rate_limited with Retry-After when the budget is spent. Unknown usernames are counted alike.
   * Answers the browser's device id when it is known to the account.
   */
  async attempt(username: string, userId: string | undefined, deviceCookie: string | undefined): Promise<string | undefined> {
    const device = this.knownDevices.idFor(deviceCookie, userId);
    if (device) {
      await consumeOrRefuse(this.device, device);
      return device;
    }
    const account = accountKey(username);
    try {
      await this.account.consume(account);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw rateLimited((await this.lockOut(account, err)) / 1000);
    }
    return undefined;
  }

  /** The refusal that exhausts a window locks the account out, for twice as long as the last time; later ones report it. */
  private async lockOut(account: string, refusal: RateLimiterRes): Promise<number> {
    if (refusal.consumedPoints !== ACCOUNT_ATTEMPTS + 1) return refusal.msBeforeNext;
    const times = (await this.lockouts.penalty(account)).consumedPoints;
    const seconds = Math.min(ACCOUNT_WINDOW_SECONDS * 2 ** (times - 1), LONGEST_LOCKOUT_SECONDS);
    await this.account.block(account, seconds);
    return seconds * 1000;
  }

  /** A right password that leads to the second step gives its point back: only failures and codes count. */
  async refund(username: string, device?: string): Promise<void> {
    await (device ? this.device.reward(device) : this.account.reward(accountKey(username)));
  }

  /** A completed sign-in forgives the account's failures, and those of the browser it was made in. */
  async succeeded(username: string, device?: string): Promise<void> {
    const account = accountKey(username);
    await Promise.all([this.account.delete(account), this.lockouts.delete(account), device && this.device.delete(device)]);
  }
}
