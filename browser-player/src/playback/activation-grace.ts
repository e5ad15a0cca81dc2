import type { Manifest } from '../wire/manifest.js';

/**
 * How long a new manifest may wait for the item on screen to end before its content takes over,
 * as the stock players bound it: the server's `activationGraceSeconds`, 30 s when it sends none
 * (or 0), and between 1 s and an hour whatever it sends.
 */
export function activationGraceMs(m: Pick<Manifest, 'activationGraceSeconds'>): number {
  return Math.min(Math.max(m.activationGraceSeconds || 30, 1), 3_600) * 1_000;
}
