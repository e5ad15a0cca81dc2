/**
 * Reconnect delays: exponential with full jitter, capped. The streak of failures is forgotten only
 * once a connection has stayed up for a while, so a link that flaps keeps walking towards the cap
 * instead of hammering the server, while a blip after hours of calm reconnects at once.
 */
export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** How long a connection must last before the next failure starts a new streak. */
  stableMs: number;
  /** [0, 1); injectable for tests. */
  random?: () => number;
}

/** The stock players' values: 2 s first, 5 min at most, forgiven after 2 min up. */
export const SOCKET_BACKOFF: BackoffOptions = { baseMs: 2_000, maxMs: 5 * 60_000, stableMs: 2 * 60_000 };

export class Backoff {
  private failures = 0;
  private connectedAt: number | undefined;
  private readonly random: () => number;

  constructor(private readonly o: BackoffOptions) {
    this.random = o.random ?? Math.random;
  }

  connected(nowMs: number): void {
    this.connectedAt = nowMs;
  }

  /** The wait before the next attempt, after a failure or a lost connection at `nowMs`. */
  nextDelay(nowMs: number): number {
    if (this.connectedAt !== undefined && nowMs - this.connectedAt >= this.o.stableMs) this.failures = 0;
    this.connectedAt = undefined;
    const ceiling = Math.min(this.o.baseMs * 2 ** Math.min(this.failures, 30), this.o.maxMs);
    this.failures++;
    // Never (almost) zero: a whole fleet reconnecting after a server restart must still spread out.
    const floor = Math.min(this.o.baseMs / 2, ceiling);
    return Math.round(floor + this.random() * (ceiling - floor));
  }

  reset(): void {
    this.failures = 0;
    this.connectedAt = undefined;
  }
}
