import { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import type { Logger } from '../../kernel/logger.js';
import type { SocketHub } from '../../kernel/ws/hub.js';

/** How an asset plays changed, committed: it became ready with the files processing made, its availability window or name changed, or a website's page settings changed. */
export interface AssetVariantsChanged {
  assetId: string;
}

/**
 * What the media module tells later modules after a commit (exported as `mediaEvents`): the
 * manifest refreshes the screens playing a changed asset instead of waiting for their next fetch.
 * Emitted in the change's transaction (a processing job's, usually in a worker, or an edit's).
 */
export class MediaEvents extends AfterCommitEvents<AssetVariantsChanged> {
  constructor(d: { hub: SocketHub; logger: Logger }) {
    super(d, 'media-asset-playback');
  }
}
