import type { ReadinessCheck } from './plugin.js';

export const CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, 'ok' | string>;
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
          await within(CHECK_TIMEOUT_MS, c.check());
          return [c.name, 'ok'] as const;
        } catch (err) {
          return [c.name, (err as Error).message || 'failed'] as const;
        }
      }),
    );
    return { ready: results.every(([, r]) => r === 'ok'), checks: Object.fromEntries(results) };
  }
}
