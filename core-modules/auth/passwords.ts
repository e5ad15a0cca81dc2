import argon2 from 'argon2';
import { randomToken } from '../../kernel/secrets.js';

// Argon2id as the reference uses it: 64 MiB, 3 passes, 2 lanes (about 150 ms on a small server).
const OPTIONS = { type: argon2.argon2id, memoryCost: 64 * 1024, timeCost: 3, parallelism: 2, hashLength: 32 } as const;

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

let decoy: Promise<string> | undefined;

/**
 * Verifies `password` against `hash`; with no hash (unknown user) it verifies against a decoy, so
 * a wrong username costs the same time as a wrong password.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  const target = hash ?? (await decoyHash());
  const ok = await argon2.verify(target, password).catch(() => false);
  return hash !== undefined && ok;
}

/** One decoy hash per process, made when an unknown user first signs in. */
function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomToken());
  return decoy;
}
