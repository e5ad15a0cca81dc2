import type { ClockOffset } from '../screens/screens.api.js';

/** Below this an offset is within what network delay adds to its measurement: a right clock is never moved. */
const MIN_CORRECTED_SECONDS = 5;
/** Beyond this an offset is not corrected by: times that far off are judged as reported, and a refusal says why. */
const MAX_CORRECTED_SECONDS = 86_400;

/** How the times a screen reports are put on the server's clock. */
export interface ClockCorrection {
  /** Added to every reported time: the screen's offset (server minus player), or 0. */
  ms: number;
  /** The screen's offset when it is too large to correct by. */
  uncorrected?: number;
}

export const NO_CORRECTION: ClockCorrection = { ms: 0 };

export function clockCorrection(offset: ClockOffset | undefined): ClockCorrection {
  const seconds = Math.abs(offset?.seconds ?? 0);
  if (seconds < MIN_CORRECTED_SECONDS) return NO_CORRECTION;
  if (seconds > MAX_CORRECTED_SECONDS) return { ms: 0, uncorrected: offset!.seconds };
  return { ms: offset!.seconds * 1000 };
}

/** Why a reported time was refused for falling outside the accepted window, naming the clock's part in it. */
export function outsideWindow(field: string, window: string, c: ClockCorrection): string {
  const base = `${field} is outside the accepted reporting window (${window})`;
  if (c.ms) return `${base} even on the server's clock (moved by the screen's clock offset of ${c.ms / 1000} s)`;
  if (c.uncorrected === undefined) return base;
  const way = c.uncorrected < 0 ? 'ahead of' : 'behind';
  return `${base}: the screen's clock is ${Math.abs(c.uncorrected)} s ${way} the server's, more than the ${MAX_CORRECTED_SECONDS / 3600} hours that are corrected`;
}
