import type { NotificationCondition } from '../../notifications/notifications.api.js';
import type { ScreensConfig } from '../screens-config.js';
import type { ScreensRepository } from '../screens.repository.js';

/** A screen that was in contact and stopped reporting (offline: no contact for 15 minutes). */
export function offlineCondition(d: { screensRepository: ScreensRepository; screensConfig: ScreensConfig }): NotificationCondition {
  return {
    kind: 'screen-offline',
    category: 'incident',
    severity: 'error',
    recoveredMessage: 'The screen is reporting again.',
    current: async () =>
      (await d.screensRepository.offline(d.screensConfig.presenceTtlSeconds)).map((screen) => ({
        subject: screen.id,
        title: `Screen stopped reporting - ${screen.name}`,
        message: `The player has not been in contact since ${screen.last_contact_at.toISOString()}.`,
        since: screen.last_contact_at,
        data: { screenId: screen.id, screenName: screen.name, lastContactAt: screen.last_contact_at.toISOString(), consolePath: `/screens/${screen.id}` },
      })),
  };
}
