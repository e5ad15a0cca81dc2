import type { ReadinessCheck } from './plugin.js';

export const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  /** Per check: `ok`, `warn: <why>` (works, needs attention; still ready), or why it failed. */
  checks: Record<string, string>;
}

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs every registered readiness check in parallel, each bounded by the same time limit. */
export class Readiness {
  constructor(private readonly checks: ReadinessCheck[]) {}

  async report(): Promise<ReadinessReport> {
    const results = await Promise.all(
      this.checks.map(async (c) => {
        try {
          const found = await within(CHECK_TIMEOUT_MS, c.check());
          return { name: c.name, passed: true, result: found ? `warn: ${found.warning}` : 'ok' };
        } catch (err) {
          return { name: c.name, passed: false, result: (err as Error).message || 'failed' };
        }
      }),
    );
    return { ready: results.every((r) => r.passed), checks: Object.fromEntries(results.map((r) => [r.name, r.result])) };
  }
}
