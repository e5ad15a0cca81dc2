import { generateSecret, generateURI, verify } from 'otplib';

const PERIOD = 30;

export const newTotpSecret = () => generateSecret({ length: 20 });

export function provisioningUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret });
}

/**
 * The time step (RFC 6238, SHA-1, 6 digits, 30 s) that `code` matches, allowing one step of clock
 * drift either way; undefined when it matches none. The caller refuses steps already used.
 */
export async function matchingStep(secret: string, code: string, now = Date.now()): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const current = Math.floor(now / 1000 / PERIOD);
  for (const step of [current, current - 1, current + 1]) {
    const { valid } = await verify({ secret, token: code, epoch: step * PERIOD, epochTolerance: 0 });
    if (valid) return step;
  }
  return undefined;
}
