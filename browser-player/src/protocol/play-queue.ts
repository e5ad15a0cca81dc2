import { clear, createStore, delMany, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import { type ActivityEvent, endsSession, opensSession, restartEnding, type UnsequencedEvent } from './activity-events.js';
import type { PlayQueue } from './reports.js';

// Its own database: the queue can grow to thousands of entries while offline, and a flush must not
// read the credential store's keys. Events are keyed by their sequence number, so IndexedDB keeps
// them in order and a batch is read by a key range. Beside them, in the same store so one
// transaction writes both, string keys: each session on screen (`open:<id>`, its start event) and
// the last instant the page was known alive; strings sort after every number.
const SEQUENCE = 'next-sequence';
const OPEN = 'open:';
const ALIVE = 'alive-at';
const events = () => IDBKeyRange.upperBound(Number.POSITIVE_INFINITY);
const openSessions = () => IDBKeyRange.bound(OPEN, `${OPEN}\uffff`);

/**
 * The proof-of-play queue in IndexedDB: plays recorded offline survive a reload and are sent later,
 * and a play a reload (or a power cut) cut short is ended, as the next page run starts, with
 * `player_restart` at the last instant the old page was known alive.
 */
export class IndexedDbPlayQueue implements PlayQueue {
  private readonly store: UseStore;
  private readonly sequences: UseStore;
  // Writes are serialized so two never take the same sequence numbers; the sessions the last page
  // run left open are ended first, before anything this run plays.
  private turn: Promise<unknown>;

  constructor(name = 'signage-player-plays') {
    this.store = createStore(name, 'events');
    this.sequences = createStore(`${name}-sequence`, 'sequence');
    this.turn = this.endLeftOpen().catch(() => {});
  }

  push(events: UnsequencedEvent[]): Promise<void> {
    return this.inTurn(() => this.write(events));
  }

  async peek(max: number): Promise<ActivityEvent[]> {
    // After the writes asked for before it (the ends of the plays the last page run left open first of all).
    await this.turn;
    return this.store('readonly', (s) => promisifyRequest(s.getAll(events(), max)));
  }

  remove(sequences: number[]): Promise<void> {
    return delMany(sequences, this.store);
  }

  alive(at: string): Promise<void> {
    return this.inTurn(() => set(ALIVE, at, this.store));
  }

  clear(): Promise<void> {
    // In turn with the pushes: the play a revoke closes is queued just before the queue is cleared.
    return this.inTurn(() => clear(this.store));
  }

  private inTurn(write: () => Promise<void>): Promise<void> {
    const done = this.turn.then(write);
    this.turn = done.catch(() => {});
    return done;
  }

  private async write(events: UnsequencedEvent[]): Promise<void> {
    if (!events.length) return;
    let next = (await get<number>(SEQUENCE, this.sequences)) ?? 1;
    const sequenced: ActivityEvent[] = events.map((e) => ({ ...e, sequence: next++ }));
    // The counter first: a crash between the two writes skips numbers (allowed), never repeats them.
    await set(SEQUENCE, next, this.sequences);
    await this.store('readwrite', (s) => {
      for (const e of sequenced) {
        s.put(e, e.sequence);
        const opened = opensSession(e);
        if (opened) s.put(e, OPEN + opened);
        const ended = endsSession(e);
        if (ended) s.delete(OPEN + ended);
        s.put(e.occurredAt, ALIVE);
      }
      return promisifyRequest(s.transaction);
    });
  }

  private async endLeftOpen(): Promise<void> {
    const [open, aliveAt] = await this.store('readonly', (s) => {
      const starts = s.getAll(openSessions());
      const alive = s.get(ALIVE);
      return Promise.all([promisifyRequest(starts) as Promise<UnsequencedEvent[]>, promisifyRequest(alive) as Promise<string | undefined>]);
    });
    // Items before the presentations they play in, as they would have ended.
    const children = open.filter((e) => e.eventType !== 'presentation.started');
    const roots = open.filter((e) => e.eventType === 'presentation.started');
    await this.write([...children, ...roots].map((e) => restartEnding(e, aliveAt)));
  }
}
