import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `bytes` random bytes as base64url (32 bytes: 43 characters). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Secrets and tokens are stored only as SHA-256 hex: a database leak hands out no working credential. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Constant-time comparison of two strings, such as hex digests (unequal lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
