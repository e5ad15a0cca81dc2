import type { Knex } from 'knex';
import type { PlayerBaseDeps } from './player-base-deps.js';

/** Where server processes tell each other the manifest versions they stored. */
const CHANNEL = 'player:manifest-versions';
// 100 [screen id, version] pairs are about 5 KB, well under the hub's per-message limit.
const PER_MESSAGE = 100;
// Announcements keep entries current within milliseconds; the TTL only bounds what a lost one
// (a NOTIFY failing right after its commit) could leave behind: 304s for an old version.
const TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  version: number;
  cachedAt: number;
}

/**
 * The stored manifest version per screen, as last read or announced, so a revalidation (the
 * player's most frequent request) needs no database read. Every process that bumps a version
 * announces it through the hub, and every web process takes it in; entries are used only while the
 * hub is listening, and dropped when it starts or stops, since announcements may have been missed.
 * Versions only grow, so a late read or announcement never replaces a newer version.
 */
export class ManifestVersions {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  private generation = 0;
  private subscribed = false;

  constructor(private readonly d: Pick<PlayerBaseDeps, 'hub' | 'playerStateRepository'>) {}

  async current(screenId: string, now = Date.now()): Promise<number> {
    if (!this.subscribed) {
      // On first use, so processes that never serve a player keep no entries.
      this.subscribed = true;
      this.d.hub.subscribe(CHANNEL, { message: (m) => this.take(m), reset: (on) => this.reset(on) });
    }
    const hit = this.entries.get(screenId);
    if (hit && this.listening && now - hit.cachedAt < TTL_MS) return hit.version;
    const generation = this.generation;
    const version = await this.d.playerStateRepository.current('manifest', screenId);
    // A read that spanned a reset may predate announcements this process missed: used once, not kept.
    if (generation === this.generation) this.remember(screenId, version, now);
    return version;
  }

  /**
   * Tells every process (this one first, so it never answers from what it just replaced) of new
   * versions; with `trx`, at the commit of the transaction that records them.
   */
  async announce(bumped: { screenId: string; version: number }[], trx?: Knex.Transaction): Promise<void> {
    if (!bumped.length) return;
    for (const { screenId, version } of bumped) this.remember(screenId, version);
    const entries = [];
    for (let i = 0; i < bumped.length; i += PER_MESSAGE) {
      entries.push({ channel: CHANNEL, message: { versions: bumped.slice(i, i + PER_MESSAGE).map((b) => [b.screenId, b.version]) } });
    }
    await this.d.hub.publishMany(entries, trx);
  }

  private take(message: unknown): void {
    const versions = (message as { versions?: unknown } | null)?.versions;
    if (!Array.isArray(versions)) return;
    for (const pair of versions) {
      if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'number') this.remember(pair[0], pair[1]);
    }
  }

  private remember(screenId: string, version: number, now = Date.now()): void {
    if (!this.listening) return;
    const known = this.entries.get(screenId);
    if (known && known.version > version) return;
    if (!known && this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(screenId, { version, cachedAt: now });
  }

  private reset(listening: boolean): void {
    this.generation++;
    this.entries.clear();
    this.listening = listening;
  }
}
