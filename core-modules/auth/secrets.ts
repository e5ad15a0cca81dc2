import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `bytes` random bytes as base64url. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as SHA-256 hex: a database leak does not hand out working credentials. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Constant-time comparison of two strings (unequal lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
