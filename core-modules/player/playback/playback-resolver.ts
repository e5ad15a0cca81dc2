import type { Window } from './schedule-windows.js';

/**
 * One reason a screen may play something: its direct assignment, its group's, a schedule, a quick
 * presentation, a takeover, a screencast session. Sources turn what they hold into claims.
 */
export interface Claim {
  /** The content source that made it (`playlists.assignment`, `schedules.schedule`, …). */
  source: string;
  /** The source's rank: a higher-ranked claim that holds always wins. */
  rank: number;
  /** What the source holds, e.g. the schedule's or takeover's id; the playlist's for an assignment. */
  id: string;
  content: { playlistId?: string; layoutId?: string };
  /** When the claim holds; absent: always. */
  windows?: Window[];
  /** Among claims of one rank: higher first (schedules: −999..999). */
  priority?: number;
  /** Then more specific first (a schedule on the screen itself 1, through its group 0). */
  specificity?: number;
}

/** A claim that holds at the instant asked about, with the window it holds in. */
export interface Holding {
  claim: Claim;
  window?: Window;
}

export interface Decision {
  /** What plays, or undefined: nothing. */
  winner?: Holding;
  /** Every claim that holds, in precedence order (the winner first). */
  applicable: Holding[];
  /** The next instant after `at` at which a claim starts or stops holding (ms), if one is known. */
  nextTransition?: number;
}

/**
 * What plays at `at`, and why: among the claims that hold, the highest rank wins; within a rank the
 * higher priority, then the more specific, then the one whose window started later, then the
 * lowest id. Pure: the manifest, the schedule preview and tests all decide through here.
 */
export function decide(claims: Claim[], at: number): Decision {
  const applicable: Holding[] = [];
  let nextTransition: number | undefined;
  for (const claim of claims) {
    if (!claim.windows) {
      applicable.push({ claim });
      continue;
    }
    for (const window of claim.windows) {
      if (window.start <= at && at < window.end) applicable.push({ claim, window });
      for (const edge of [window.start, window.end]) if (edge > at && (nextTransition === undefined || edge < nextTransition)) nextTransition = edge;
    }
  }
  applicable.sort(precedence);
  return { ...(applicable[0] ? { winner: applicable[0] } : {}), applicable, ...(nextTransition === undefined ? {} : { nextTransition }) };
}

function precedence(a: Holding, b: Holding): number {
  return (
    b.claim.rank - a.claim.rank ||
    (b.claim.priority ?? 0) - (a.claim.priority ?? 0) ||
    (b.claim.specificity ?? 0) - (a.claim.specificity ?? 0) ||
    (b.window?.start ?? 0) - (a.window?.start ?? 0) ||
    (a.claim.id < b.claim.id ? -1 : a.claim.id > b.claim.id ? 1 : 0)
  );
}
