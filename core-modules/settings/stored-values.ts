import type { SocketHub } from '../../kernel/ws/hub.js';

/** Where server processes tell each other that the settings changed. */
const CHANNEL = 'settings:changed';
// Announcements drop a stale copy within milliseconds; the TTL only bounds what a lost one (a
// NOTIFY failing right after its commit) could leave behind.
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

  /** After a committed change: this process first (so it never answers from what it replaced), then every other. */
  async changed(): Promise<void> {
    this.drop();
    await this.hub.publish(CHANNEL, {});
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
