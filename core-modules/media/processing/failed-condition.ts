import type { NotificationCondition } from '../../notifications/notifications.api.js';
import type { AssetsRepository } from '../assets.repository.js';

// The newest failures are the news; a library with more is already being looked at.
const AT_MOST = 200;

/** An asset whose processing failed; it recovers when it is processed again, archived or deleted. */
export function processingFailedCondition(d: { assetsRepository: AssetsRepository }): NotificationCondition {
  return {
    kind: 'asset-processing-failed',
    category: 'content_health',
    severity: 'warning',
    recoveredMessage: 'The asset no longer has a failed processing run (processed again, archived or deleted).',
    current: async () =>
      (await d.assetsRepository.failed(AT_MOST)).map((asset) => ({
        subject: asset.id,
        title: `Processing failed - ${asset.name}`,
        message: asset.error_message ?? 'The file could not be processed.',
        since: asset.updated_at,
        data: { assetId: asset.id, assetName: asset.name, consolePath: `/media/${asset.id}` },
      })),
  };
}
