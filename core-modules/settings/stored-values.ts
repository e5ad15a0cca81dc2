import type { Knex } from 'knex';
import type { SocketHub } from '../../kernel/ws/hub.js';

/** Where server processes tell each other that the settings changed. */
const CHANNEL = 'settings:changed';
// Announcements drop a stale copy within milliseconds; the TTL only bounds what a missed one (a
// hub reconnecting) could leave behind.
const TTL_MS = 60_000;

/**
 * The stored settings (a few dozen rows), kept in memory: manifests, player configs and schedules
 * read them on every build. Every change is announced through the hub and drops the copy in every
 * process; the copy is used only while the hub is listening (announcements may have been missed
 * otherwise), and a read that spanned a change is used once, not kept.
 */
export class StoredValues {
  private copy?: { rows: Map<string, unknown>; at: number };
  private generation = 0;
  private listening = false;
  private subscribed = false;

  constructor(private readonly hub: SocketHub) {}

  async all(load: () => Promise<Map<string, unknown>>, now = Date.now()): Promise<Map<string, unknown>> {
    if (!this.subscribed) {
      this.subscribed = true;
      this.hub.subscribe(CHANNEL, { message: () => this.drop(), reset: (on) => this.reset(on) });
    }
    if (this.copy && this.listening && now - this.copy.at < TTL_MS) return this.copy.rows;
    const generation = this.generation;
    const rows = await load();
    if (generation === this.generation && this.listening) this.copy = { rows, at: now };
    return rows;
  }

  /**
   * Inside the change's transaction, before anything else that follows its commit is scheduled:
   * this process drops its copy first at the commit (so it never answers from what it replaced),
   * every other process when the announcement arrives, which the commit delivers.
   */
  async changed(trx: Knex.Transaction): Promise<void> {
    await this.hub.publish(CHANNEL, {}, trx);
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
