import { AppError } from '../../kernel/errors.js';
import type { EditorialBaseDeps } from './editorial-deps.js';
import type { Mover, Publishing } from './publishing.js';

type Deps = Pick<EditorialBaseDeps, 'db' | 'logger' | 'publishableKinds' | 'submissionsRepository'> & { publishing: Publishing };

const BATCH = 50;
const SERVER: Mover = { actor: { kind: 'system' } };

/**
 * Publishes scheduled submissions once due: every minute and at start-up, in any number of
 * processes at once. Each is taken under a row lock that other processes skip, and its state and
 * due time are read again under it, so it is published exactly once. A publication the content
 * refuses (gone, or something it names no longer ready) becomes `publication_failed` with the
 * reason, for a person to correct and submit again: it is not retried.
 */
export class ScheduledPublications {
  constructor(private readonly d: Deps) {}

  /** Publishes what is due now; answers how many this process published. */
  async publishDue(): Promise<number> {
    let published = 0;
    for (const id of await this.d.submissionsRepository.due(BATCH)) {
      if (await this.publishOne(id)) published++;
    }
    return published;
  }

  private async publishOne(id: string): Promise<boolean> {
    try {
      return await this.d.db.transaction(async (trx) => {
        const row = await this.d.submissionsRepository.takeDue(id, trx);
        // Taken by another process, no longer due, or of a kind whose module is not running here (yet).
        if (!row || !this.d.publishableKinds.has(row.content_type)) return false;
        await this.d.publishing.publish(this.d.publishableKinds.get(row.content_type), row, 'scheduled', SERVER, trx);
        return true;
      });
    } catch (err) {
      // Only what the content refused is its failure; anything else (the database away) is tried next minute.
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      await this.fail(id, err.message);
      return false;
    }
  }

  private async fail(id: string, reason: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const row = await this.d.submissionsRepository.takeDue(id, trx);
      if (!row) return;
      await this.d.publishing.move(row, 'fail', { publication_failure_reason: reason }, SERVER, trx);
      this.d.logger.warn({ submissionId: id, contentType: row.content_type, contentId: row.content_id, reason }, 'a scheduled publication failed');
    });
  }
}
