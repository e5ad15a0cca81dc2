import { randomBytes, randomInt } from 'node:crypto';
import { sha256 } from '../../../kernel/secrets.js';

/** Compared against when nothing was found, so that path costs what a wrong secret costs. */
export const NO_SUCH_HASH = sha256('no such secret');

export const CREDENTIAL_PREFIX = 'svc_device_';
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A lower-case ULID: 48 bits of milliseconds, then 80 random bits, in Crockford base32. Sortable by
 * creation time like the reference's ids, without a dependency.
 */
export function newPublicId(now = Date.now()): string {
  let time = '';
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  let bits = BigInt(`0x${randomBytes(10).toString('hex')}`);
  let random = '';
  for (let i = 0; i < 16; i++, bits >>= 5n) random = CROCKFORD[Number(bits & 31n)] + random;
  return time + random;
}

// The first character of a ULID carries only 3 bits. The secret is base64url of 32 bytes; like the
// reference, anything from 40 characters on is accepted so a longer secret format can follow.
const CREDENTIAL_FORMAT = /^svc_device_([0-7][0-9a-hjkmnp-tv-z]{25})\.([A-Za-z0-9_-]{40,128})$/;

export function formatCredential(publicId: string, secret: string): string {
  return `${CREDENTIAL_PREFIX}${publicId}.${secret}`;
}

/** Splits `svc_device_<publicId>.<secret>`; undefined when the string is not shaped like one. */
export function parseCredential(value: string): { publicId: string; secret: string } | undefined {
  const match = CREDENTIAL_FORMAT.exec(value);
  return match ? { publicId: match[1]!, secret: match[2]! } : undefined;
}

// 31 symbols without 0/O, 1/I/L: readable off a screen across a room.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 6;

export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Upper case without dashes or spaces; undefined when it cannot be a code we issued. */
export function normalizePairingCode(input: string): string | undefined {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== CODE_LENGTH) return undefined;
  return [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : undefined;
}
