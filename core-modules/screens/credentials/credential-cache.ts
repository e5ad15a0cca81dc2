import type { CredentialForAuth } from './credentials.repository.js';
import type { ScreensBaseDeps } from '../screens-base-deps.js';

interface Entry {
  credential: CredentialForAuth;
  cachedAt: number;
}

// Invalidation normally evicts an entry within milliseconds of the commit; the TTL only bounds
// what a missed notification could leave behind.
const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 100_000;

/**
 * Device credentials as last read, so a player's requests (heartbeats, and later manifest, config,
 * command polls and Range downloads) do not each cost a database read. It is only used while the LISTEN for credential changes is up: the database triggers
 * announce every revocation, enable/disable and re-keying on commit, and the matching entries are
 * dropped. While not listening, every lookup goes to the database.
 *
 * A read that raced with a change is not cached: a notification bumps `generation`, and a result
 * fetched across a bump is used once but not kept.
 */
export class CredentialCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  private generation = 0;
  private subscribed = false;

  constructor(private readonly d: Pick<ScreensBaseDeps, 'credentialsRepository' | 'credentialChangesRepository' | 'screensConfig'>) {}

  async lookup(publicId: string, now = Date.now()): Promise<CredentialForAuth | undefined> {
    if (!this.d.screensConfig.credentialCache) return this.d.credentialsRepository.forAuth(publicId);
    if (!this.subscribed) {
      // Started on first use, so processes that never see a player (workers, the CLI) never listen.
      this.subscribed = true;
      this.d.credentialChangesRepository.listen({ changed: (id) => this.forgetScreen(id), reset: (on) => this.reset(on) });
    }
    const hit = this.entries.get(publicId);
    if (hit && this.listening && now - hit.cachedAt < TTL_MS) return hit.credential;
    const generation = this.generation;
    const credential = await this.d.credentialsRepository.forAuth(publicId);
    // Only working credentials are kept. Unknown ids are not (a flood of made-up ids must not grow
    // the map), nor revoked or disabled ones, so an enable is seen at once, even on a process the
    // notification has not reached yet.
    if (credential && !credential.revoked_at && credential.screen_enabled && this.listening && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(publicId, { credential, cachedAt: now });
    }
    return credential;
  }

  /**
   * Called on each change notification, and also by the process that made a change right after its
   * commit, so that process never answers from what it just changed before the notification arrives.
   */
  forgetScreen(screenId: string): void {
    this.generation++;
    for (const [publicId, entry] of this.entries) if (entry.credential.screen_id === screenId) this.entries.delete(publicId);
  }

  private reset(listening: boolean): void {
    this.generation++;
    this.entries.clear();
    this.listening = listening;
  }
}
