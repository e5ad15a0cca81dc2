import type { ScreensBaseDeps } from '../screens-base-deps.js';
import type { ScreenStatusNow } from '../screens.repository.js';

/** Changes reported within this long are told together, in one query and one notification. */
const COALESCE_MS = 250;

type Deps = Pick<ScreensBaseDeps, 'screensRepository' | 'screensConfig' | 'consoleEvents' | 'logger'>;

const event = (r: ScreenStatusNow) => ({ screenId: r.id, status: r.status, lastContactAt: r.last_contact_at?.toISOString() ?? null });

/**
 * Tells the consoles (`screen.status`) when a screen's status changes. The places that change one
 * say which screens (a socket opened or closed, contact resumed in a flush, access changed); the
 * status is then read for all of them in one query, a moment later, so a burst of reconnecting
 * players costs a few queries, not one each. What time alone changes (recent → stale → offline, the
 * presence of a process that died) is found by `sweep`, once a minute.
 */
export class ScreenStatusAnnouncer {
  private pending = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly d: Deps) {}

  /** These screens' status may have changed (the change is committed). Never throws, never waits. */
  changed(screenIds: string[]): void {
    for (const id of screenIds) this.pending.add(id);
    if (this.timer || this.pending.size === 0) return;
    this.timer = setTimeout(() => void this.flush(), COALESCE_MS);
    this.timer.unref();
  }

  /** Tells what is pending now (the process is stopping). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = [...this.pending];
    this.pending = new Set();
    try {
      this.tell(await this.d.screensRepository.statusesOf(ids, this.d.screensConfig.presenceTtlSeconds));
    } catch (err) {
      this.d.logger.warn({ err, screens: ids.length }, 'could not tell the consoles of screen status changes');
    }
  }

  /** `screens.announce-status-changes`, each minute: the changes time made in the last whole minute. */
  async sweep(): Promise<number> {
    const changed = await this.d.screensRepository.changedByTime(this.d.screensConfig.presenceTtlSeconds);
    this.tell(changed);
    return changed.length;
  }

  private tell(rows: ScreenStatusNow[]): void {
    this.d.consoleEvents.publishEach('screen.status', rows.map(event));
  }
}
