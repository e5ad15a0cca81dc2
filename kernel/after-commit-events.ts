import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from './logger.js';
import type { SocketHub } from './ws/hub.js';

/** Told the events of one change (or of several told together), in the order they were emitted. */
export type EventListener<E> = (events: E[]) => Promise<void> | void;

/**
 * Listeners told after a change committed, so later modules can follow an earlier one (the
 * manifest follows media, settings and screens) without the earlier one knowing them. The change
 * emits inside its own transaction, so the event is carried by the commit (a `CommittedWork`
 * notice): told once it commits, here or, if this process dies first, in another process; never
 * after a rollback. Events are small JSON values (a screen id, not a list of them: a change emits
 * as many as it has, and they travel in notices that fit the hub). A failing listener is logged and never undoes the change: players catch up on their next fetch.
 */
export class AfterCommitEvents<E> {
  private readonly listeners: EventListener<E>[] = [];
  private readonly work: CommittedWork;

  constructor(
    private readonly d: { hub: SocketHub; logger: Logger },
    /** Unique, kebab-case: names the hub channel and the log lines. */
    private readonly name: string,
  ) {
    this.work = new CommittedWork(d, name, (items) => this.tell(items.map((item) => JSON.parse(item) as E)));
  }

  /** At start: from then on this process is told, and stands by for what other processes' changes leave undone. */
  subscribe(listener: EventListener<E>): void {
    this.listeners.push(listener);
    this.work.listen();
  }

  /** Inside the change's (outermost) transaction; resolves once the notices are written. The same event twice is told once. */
  emit(events: E[], trx: Knex.Transaction): Promise<void> {
    return this.work.schedule(
      events.map((event) => JSON.stringify(event)),
      trx,
    );
  }

  /** The process is stopping: events other processes announced are theirs to finish; its own are finished. */
  stop(): Promise<void> {
    return this.work.stop();
  }

  private async tell(events: E[]): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(events);
      } catch (err) {
        this.d.logger.warn({ err, events: events.length }, `a ${this.name} listener failed`);
      }
    }
  }
}

/** What a process says on a CommittedWork's channel. */
type Notice =
  /** A committed change needs `items` worked on; `origin` does it, the others stand by. */
  | { origin: string; id: string; items: string[] }
  /** The origin (or a process that took over) is working on these notices, or has finished them. */
  | { origin: string; working: string[] }
  | { origin: string; done: string[] };

// Item lists go in notices whose items take at most this many bytes (150 ids), well under the hub's
// limit with the envelope around them.
const NOTICE_ITEM_BYTES = 6_000;

/** The items in runs that each fit one notice; an item that fits none is refused (a bug of its emitter). */
function noticeRuns(items: string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  let bytes = 0;
  for (const item of items) {
    // As JSON in the notice: quotes, escapes and a comma.
    const size = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (size > NOTICE_ITEM_BYTES) throw new Error(`a committed-work item of ${size} bytes does not fit a notice`);
    if (bytes + size > NOTICE_ITEM_BYTES) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(item);
    bytes += size;
  }
  if (run.length) runs.push(run);
  return runs;
}

interface Pending {
  items: string[];
  timer: NodeJS.Timeout;
}

/**
 * Work that must follow a committed change even when the process that made it dies right after
 * the commit: the refresh that tells players their content changed. `schedule(items, trx)` puts a
 * notice on the hub inside the change's transaction (PostgreSQL's NOTIFY: delivered to every
 * listening process at commit, never before and never after a rollback). After the commit this
 * process does the work at once, as an after-commit listener would, saying on the hub that it is
 * working and when it is done; every other listening process keeps the notice and does the work
 * itself when the origin has said nothing of it for `takeoverMs` (a process killed between commit
 * and work). So a push arrives as fast as before, is done once while the origin lives, and is
 * never lost while any web process runs. The work must be idempotent: after a takeover it may run
 * twice (a manifest refresh is: versions move only for new contents).
 */
export class CommittedWork {
  /** Names this process's notices, so it ignores its own. */
  private readonly self = randomUUID();
  private readonly pending = new Map<string, Pending>();
  /** The work this process is doing now. */
  private readonly running = new Set<Promise<void>>();
  private readonly channel: string;
  private unsubscribe?: () => void;

  constructor(
    private readonly d: { hub: SocketHub; logger: Logger },
    /** Unique, kebab-case: names the hub channel and the log lines. */
    private readonly name: string,
    private readonly work: (items: string[]) => Promise<void>,
    private readonly takeoverMs = 5_000,
    /**
     * Called at once, in every listening process, when a change commits (before any work): for
     * what must not outlive it, such as a copy built from the state before (a cache entry). The
     * caller's request may answer before the work is done; what it reads next must not be stale.
     */
    private readonly onCommit: (items: string[]) => void = () => {},
  ) {
    this.channel = `committed-work:${name}`;
  }

  /** Starts standing by for other processes' notices (web processes; others never hear any). */
  listen(): void {
    // Notices missed while the hub was not listening are lost to this process, not to the others.
    this.unsubscribe ??= this.d.hub.subscribe(this.channel, { message: (m) => this.take(m as Notice), reset: () => {} });
  }

  /**
   * Call inside the change's transaction (the outermost one: a savepoint's release is no commit):
   * the work runs once it commits (here, or elsewhere if this process dies first), and never if it
   * rolls back. Resolves once the notice is written, not when the work is done.
   */
  async schedule(items: string[], trx: Knex.Transaction): Promise<void> {
    const unique = [...new Set(items)];
    if (!unique.length) return;
    const notices = noticeRuns(unique).map((run) => ({ id: randomUUID(), items: run }));
    await this.d.hub.publishMany(
      notices.map((n) => ({ channel: this.channel, message: { origin: this.self, ...n } })),
      trx,
    );
    trx.executionPromise.then(
      () => {
        this.committed(unique);
        void this.run(
          unique,
          notices.map((n) => n.id),
        );
      },
      () => {}, // rolled back: nothing happened, nothing to do
    );
  }

  /** Does the work now, for a change that committed without a transaction to carry a notice. */
  async now(items: string[]): Promise<void> {
    const unique = [...new Set(items)];
    if (unique.length) await this.run(unique, []);
  }

  private run(items: string[], ids: string[]): Promise<void> {
    const running = this.attempt(items, ids).finally(() => this.running.delete(running));
    this.running.add(running);
    return running;
  }

  /** Resolves once the work this process started (and any it starts meanwhile) is finished. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all(this.running);
  }

  private async attempt(items: string[], ids: string[]): Promise<void> {
    // Tells the others this process is on it, for as long as it is.
    const say = (key: 'working' | 'done') =>
      ids.length ? this.d.hub.publish(this.channel, { origin: this.self, [key]: ids }).catch(() => {}) : Promise.resolve();
    const keepAlive = ids.length ? setInterval(() => void say('working'), this.takeoverMs / 2) : undefined;
    keepAlive?.unref();
    try {
      await this.work(items);
      clearInterval(keepAlive);
      await say('done');
    } catch (err) {
      // Not done: the processes standing by take it over once this one stops saying it works on it.
      clearInterval(keepAlive);
      this.d.logger.warn({ err, items: items.length }, `${this.name}: the work after a committed change failed`);
    }
  }

  private take(notice: Notice): void {
    if (!notice || notice.origin === this.self) return;
    if ('items' in notice) {
      if (!Array.isArray(notice.items) || typeof notice.id !== 'string') return;
      this.committed(notice.items);
      this.wait(notice.id, notice.items);
      return;
    }
    const ids = 'done' in notice ? notice.done : notice.working;
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      const pending = this.pending.get(id);
      if (!pending) continue;
      clearTimeout(pending.timer);
      if ('done' in notice) this.pending.delete(id);
      else this.wait(id, pending.items);
    }
  }

  private committed(items: string[]): void {
    try {
      this.onCommit(items);
    } catch (err) {
      this.d.logger.warn({ err }, `${this.name}: a commit hook failed`);
    }
  }

  // Several processes may stand by: each waits a little differently, and the first to take over
  // says so (`working`), which sends the others back to waiting.
  private wait(id: string, items: string[]): void {
    const timer = setTimeout(
      () => {
        this.pending.delete(id);
        this.d.logger.info({ items: items.length }, `${this.name}: taking over work its origin did not do`);
        void this.run(items, [id]);
      },
      this.takeoverMs * (1 + Math.random() / 2),
    );
    timer.unref();
    this.pending.set(id, { items, timer });
  }

  /**
   * Stops standing by (the process is stopping): what other processes announced is left to them,
   * and the work this one started is finished before it goes (rather than taken over 5 s later).
   */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await this.settled();
  }
}
