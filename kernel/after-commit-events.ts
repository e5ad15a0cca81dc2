import type { Logger } from './logger.js';

export type EventListener<E> = (event: E) => Promise<void> | void;

/**
 * In-process listeners told after a change committed, so later modules can follow an earlier one
 * (the manifest follows playlists, media and screens) without the earlier one knowing them. A
 * failing listener is logged and never undoes the change: players catch up on their next fetch.
 */
export class AfterCommitEvents<E> {
  private readonly listeners: EventListener<E>[] = [];

  constructor(
    private readonly logger: Logger,
    private readonly name: string,
  ) {}

  subscribe(listener: EventListener<E>): void {
    this.listeners.push(listener);
  }

  async emit(event: E): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (err) {
        this.logger.warn({ err, event }, `a ${this.name} listener failed`);
      }
    }
  }
}
