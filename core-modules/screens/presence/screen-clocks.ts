import type { ScreensCacheDeps } from '../screens-cache-deps.js';
import { type ClockOffset, supersedes } from './clock-offset.js';

/** Each screen's latest clock offset, as other modules read it (exported as `screenClocks`). */
export class ScreenClocks {
  constructor(private readonly d: Pick<ScreensCacheDeps, 'contactBuffer' | 'contactRepository'>) {}

  /** The offset in force: the stored one, or a reading this process has not written yet. */
  async offsetOf(screenId: string): Promise<ClockOffset | undefined> {
    const stored = await this.d.contactRepository.clockOffset(screenId);
    const pending = this.d.contactBuffer.pendingClock(screenId);
    return pending && supersedes(pending, stored) ? pending : stored;
  }
}
