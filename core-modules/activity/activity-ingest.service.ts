import type { ActivityBaseDeps } from './activity-base-deps.js';
import { clockCorrection } from './clock-correction.js';
import { checkEvent, type NormalizedEvent } from './player-event.js';
import { deriveSessions } from './session-derivation.js';

type Deps = Pick<ActivityBaseDeps, 'db' | 'logger' | 'activityEventsRepository' | 'playbackRollup' | 'screenTargets' | 'screenClocks'>;

export interface ActivityAck {
  accepted: number;
  duplicates: number;
  highestSequence: number;
  /** Every event the player may forget: stored, already stored, or refused for good. */
  acknowledgedEventIds: string[];
  rejected: { index: number; id: string | null; message: string }[];
}

/**
 * Ingests a screen's batch: each event put on the server's clock and checked on its own (a bad one
 * is refused and reported, the rest stored), stored once per id and per sequence, and the playback
 * sessions derived from the new ones — one insert for the events and one upsert for the sessions
 * they touched.
 */
export class ActivityIngestService {
  constructor(private readonly d: Deps) {}

  async ingest(screenId: string, raw: unknown[]): Promise<ActivityAck> {
    const now = Date.now();
    // The players stamp events with their own clock: one that runs fast or slow is put right.
    const [offset, placements] = await Promise.all([this.d.screenClocks.offsetOf(screenId), this.d.screenTargets.placements([screenId])]);
    const clock = clockCorrection(offset);
    const rejected: ActivityAck['rejected'] = [];
    const valid: NormalizedEvent[] = [];
    raw.forEach((r, index) => {
      const checked = checkEvent(r, now, clock);
      if (checked.ok) valid.push(checked.event);
      else rejected.push({ index, id: checked.id, message: checked.message });
    });
    if (rejected.length) {
      const offset = clock.uncorrected ?? clock.ms / 1000;
      this.d.logger.warn({ screenId, rejected: rejected.length, first: rejected[0], clockOffsetSeconds: offset }, 'player activity events refused');
    }
    valid.sort((a, b) => a.sequence - b.sequence);

    const stored = valid.length ? await this.store(screenId, valid, placements.get(screenId)?.locationId ?? null) : new Set<string>();
    return {
      accepted: stored.size,
      duplicates: valid.length - stored.size,
      highestSequence: valid.reduce((max, e) => Math.max(max, e.sequence), 0),
      acknowledgedEventIds: [...valid.map((e) => e.id), ...rejected.flatMap((r) => (r.id ? [r.id] : []))],
      rejected,
    };
  }

  private async store(screenId: string, events: NormalizedEvent[], locationId: string | null): Promise<Set<string>> {
    const repo = this.d.activityEventsRepository;
    return this.d.db.transaction(async (trx) => {
      await repo.lockScreen(trx, screenId);
      const stored = await repo.insert(trx, screenId, events);
      const fresh = events.filter((e) => stored.has(e.id));
      if (!fresh.length) return stored;
      const named = [...new Set(fresh.flatMap((e) => (e.activitySessionId ? [e.activitySessionId] : [])))];
      const [sessions, lastEventAt] = await Promise.all([repo.sessions(trx, screenId, named), repo.lastEventBefore(trx, screenId, fresh[0]!.sequence)]);
      deriveSessions(sessions, fresh, { locationId, lastEventAt });
      await this.d.playbackRollup.markLate(trx, await repo.saveSessions(trx, screenId, sessions.values()));
      return stored;
    });
  }
}
