import { randomInt } from 'node:crypto';
import argon2 from 'argon2';

// No 0/o, 1/l: codes are read off paper and typed by hand.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

function group(): string {
  return Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

/** `xxxx-xxxx-xxxx` */
export const newRecoveryCode = () => [group(), group(), group()].join('-');

/** What is hashed and compared: lower-cased letters and digits only, so spacing and dashes do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

export const hashRecoveryCode = (code: string) =>
  argon2.hash(normaliseRecoveryCode(code), { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 });

export const recoveryCodeMatches = (hash: string, code: string) => argon2.verify(hash, normaliseRecoveryCode(code)).catch(() => false);
