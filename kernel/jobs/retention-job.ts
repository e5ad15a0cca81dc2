import { Type, type TObject } from '@sinclair/typebox';
import type { Logger } from '../logger.js';
import type { JobDef } from '../plugin.js';

export interface RetentionJob<C> {
  /** Frozen, `<plugin>.purge-<what>`. */
  name: string;
  cron: string;
  /** What is removed, for the log line: `expired pairing sessions`. */
  what: string;
  expireInSeconds?: number;
  /** Removes what is past its keep time; returns how many rows went (or counts by kind). A batched purge stops at `signal`: the next run finishes it. */
  purge(deps: C, signal: AbortSignal): Promise<number | Record<string, number>>;
}

/** The one shape of a retention job: no payload, a cron schedule, one log line when a run removed something. */
export function retentionJob<C extends { logger: Logger }>(def: RetentionJob<C>): JobDef<C, TObject> {
  return {
    name: def.name,
    payload: Type.Object({}),
    cron: def.cron,
    retention: true,
    ...(def.expireInSeconds ? { expireInSeconds: def.expireInSeconds } : {}),
    handler: async (_payload, deps, { signal }) => {
      const removed = await def.purge(deps, signal);
      const any = typeof removed === 'number' ? removed > 0 : Object.values(removed).some((n) => n > 0);
      if (any) deps.logger.info({ job: def.name, removed }, `${def.what} removed`);
    },
  };
}
