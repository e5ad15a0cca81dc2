import { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import type { Logger } from '../../kernel/logger.js';

/** How an asset plays changed, committed: it became ready with the files processing made, or a website's page settings changed. */
export interface AssetVariantsChanged {
  assetId: string;
}

/**
 * What the media module tells later modules after a commit (exported as `mediaEvents`): the
 * manifest refreshes the screens playing a reprocessed asset instead of waiting for their next fetch.
 * Emitted in the process that ran the processing job, usually a worker.
 */
export class MediaEvents extends AfterCommitEvents<AssetVariantsChanged> {
  constructor(d: { logger: Logger }) {
    super(d.logger, 'AssetVariantsChanged');
  }
}
