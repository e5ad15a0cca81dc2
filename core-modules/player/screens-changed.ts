import type { Logger } from '../../kernel/logger.js';

/**
 * How a contributor to the manifest (a content source, a plugin's entries) says which screens a
 * committed change of theirs may affect. The player module listens and rebuilds those manifests.
 */
export class ScreensChanged {
  private listener?: (screenIds: string[]) => Promise<void>;

  constructor(
    private readonly logger: Logger,
    private readonly what: string,
  ) {}

  /** Set by the player module: rebuilds these screens' manifests and tells those that changed. */
  listen(listener: (screenIds: string[]) => Promise<void>): void {
    this.listener = listener;
  }

  /**
   * Call after a committed change with every screen it may affect (reached before or after).
   * Screens whose content did not change keep their version. A failure is logged, never thrown:
   * the change stands and the players catch up on their next manifest fetch.
   */
  async notify(screenIds: string[]): Promise<void> {
    const unique = [...new Set(screenIds)];
    if (!unique.length || !this.listener) return;
    try {
      await this.listener(unique);
    } catch (err) {
      this.logger.warn({ err, screens: unique.length }, `could not refresh manifests after a change of ${this.what}`);
    }
  }
}
