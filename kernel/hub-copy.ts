import type { Knex } from 'knex';
import type { SocketHub } from './ws/hub.js';

// Announcements drop a stale copy within milliseconds; the TTL only bounds what a missed one (a
// hub reconnecting) could leave behind.
const TTL_MS = 60_000;

/**
 * One value read from the database and kept in memory, for what is read far more often than it
 * changes (the stored settings, whether any update deployment runs). Every change is announced on
 * `channel` through the hub and drops the copy in every process; the copy is used only while the
 * hub is listening (announcements may have been missed otherwise), and a read that spanned a
 * change is used once, not kept.
 */
export class HubCopy<T> {
  private copy?: { value: T; at: number };
  private generation = 0;
  private listening = false;
  private subscribed = false;

  constructor(
    private readonly hub: SocketHub,
    /** Unique: where server processes tell each other that the value changed. */
    private readonly channel: string,
  ) {}

  async get(load: () => Promise<T>, now = Date.now()): Promise<T> {
    if (!this.subscribed) {
      // On first use, so processes that never read the value keep no copy.
      this.subscribed = true;
      this.hub.subscribe(this.channel, { message: () => this.drop(), reset: (on) => this.reset(on) });
    }
    if (this.copy && this.listening && now - this.copy.at < TTL_MS) return this.copy.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.listening) this.copy = { value, at: now };
    return value;
  }

  /**
   * Inside the change's transaction, before anything else that follows its commit is scheduled:
   * this process drops its copy first at the commit (so it never answers from what it replaced),
   * every other process when the announcement arrives, which the commit delivers.
   */
  async changed(trx: Knex.Transaction): Promise<void> {
    await this.hub.publish(this.channel, {}, trx);
    trx.executionPromise.then(
      () => this.drop(),
      () => {},
    );
  }

  private drop(): void {
    this.generation++;
    this.copy = undefined;
  }

  private reset(listening: boolean): void {
    this.drop();
    this.listening = listening;
  }
}
