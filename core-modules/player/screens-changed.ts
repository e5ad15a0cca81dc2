import type { Knex } from 'knex';
import { CommittedWork } from '../../kernel/after-commit-events.js';
import type { KernelDeps } from '../../kernel/kernel.js';

/**
 * How a contributor to the manifest (a content source, a plugin's entries) says which screens a
 * change of theirs may affect. The player module listens and rebuilds those manifests.
 */
export class ScreensChanged {
  private listener?: (screenIds: string[]) => Promise<void>;
  private forget?: (screenIds: string[]) => void;
  private readonly work: CommittedWork;

  constructor(
    d: Pick<KernelDeps, 'hub' | 'logger'>,
    /** kebab-case: names the hub channel. */
    name: string,
  ) {
    this.work = new CommittedWork(
      d,
      name,
      (screenIds) => this.listener?.(screenIds) ?? Promise.resolve(),
      undefined,
      (screenIds) => this.forget?.(screenIds),
    );
  }

  /**
   * Set by the player module: `listener` rebuilds these screens' manifests and tells those that
   * changed; `forget`, called in every process the moment a change commits, drops what it built
   * from before (a fetch in between then builds afresh instead of serving that).
   */
  listen(listener: (screenIds: string[]) => Promise<void>, forget?: (screenIds: string[]) => void): void {
    this.listener = listener;
    this.forget = forget;
    this.work.listen();
  }

  /**
   * Every screen a change may affect (reached before or after it). Screens whose content did not
   * change keep their version. Pass the change's transaction, and call inside it: the rebuild is
   * then carried by the transaction itself (a notice every server process receives at commit) and
   * happens even if this process dies right after the commit; it never happens after a rollback.
   * Without `trx`, only from a listener of a committed event (`AfterCommitEvents`, itself carried
   * by its change's commit): the rebuild runs at once, in the process telling the event. A failure is logged, never thrown: the change stands and the players
   * catch up on their next manifest fetch.
   */
  async notify(screenIds: string[], trx?: Knex.Transaction): Promise<void> {
    if (!screenIds.length) return;
    if (trx) await this.work.schedule(screenIds, trx);
    else await this.work.now(screenIds);
  }

  /** Resolves once the rebuilds this process started are done (their pushes are then sent). */
  settled(): Promise<void> {
    return this.work.settled();
  }

  /** The process is stopping: changes other processes announced are theirs to finish; its own are finished. */
  stop(): Promise<void> {
    return this.work.stop();
  }
}
