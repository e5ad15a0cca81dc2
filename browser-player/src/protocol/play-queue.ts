import { clear, createStore, delMany, get, getMany, keys, set, setMany, type UseStore } from 'idb-keyval';
import type { ActivityEvent } from './activity-events.js';
import type { PlayQueue } from './reports.js';

// Its own database: the queue can grow to thousands of entries while offline, and a flush must not
// read the credential store's keys. Keys are sequence numbers, so IndexedDB keeps them in order.
const SEQUENCE = 'next-sequence';

/** The proof-of-play queue in IndexedDB: plays recorded offline survive a reload and are sent later. */
export class IndexedDbPlayQueue implements PlayQueue {
  private readonly store: UseStore;
  private readonly sequences: UseStore;
  // Pushes are serialized so two never take the same sequence numbers.
  private turn: Promise<unknown> = Promise.resolve();

  constructor(name = 'signage-player-plays') {
    this.store = createStore(name, 'events');
    this.sequences = createStore(`${name}-sequence`, 'sequence');
  }

  push(events: Omit<ActivityEvent, 'sequence'>[]): Promise<void> {
    const done = this.turn.then(async () => {
      let next = (await get<number>(SEQUENCE, this.sequences)) ?? 1;
      const entries: [number, ActivityEvent][] = events.map((e) => {
        const sequence = next++;
        return [sequence, { ...e, sequence }];
      });
      // The counter first: a crash between the two writes skips numbers (allowed), never repeats them.
      await set(SEQUENCE, next, this.sequences);
      await setMany(entries, this.store);
    });
    this.turn = done.catch(() => {});
    return done;
  }

  async peek(max: number): Promise<ActivityEvent[]> {
    const all = ((await keys<number>(this.store)) as number[]).sort((a, b) => a - b).slice(0, max);
    return (await getMany<ActivityEvent>(all, this.store)).filter((e): e is ActivityEvent => !!e);
  }

  async remove(ids: string[]): Promise<void> {
    const gone = new Set(ids);
    const all = (await keys<number>(this.store)) as number[];
    const events = await getMany<ActivityEvent>(all, this.store);
    const drop = all.filter((_, i) => events[i] && gone.has(events[i].id));
    if (drop.length) await delMany(drop, this.store);
  }

  clear(): Promise<void> {
    // In turn with the pushes: the play a revoke closes is queued just before the queue is cleared.
    const done = this.turn.then(() => clear(this.store));
    this.turn = done.catch(() => {});
    return done;
  }
}
