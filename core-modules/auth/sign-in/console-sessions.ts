import type { ConsoleSessions } from '../auth.api.js';
import type { AuthBaseDeps } from '../auth-base-deps.js';
import { idleTimeoutSeconds } from '../mfa-policy.js';

/** Which console sessions are still signed in, as other modules ask (exported as `consoleSessions`). */
export function consoleSessions({ sessionsRepository, settingsService }: Pick<AuthBaseDeps, 'sessionsRepository' | 'settingsService'>): ConsoleSessions {
  return {
    async live(sessionIds) {
      const unique = [...new Set(sessionIds)].filter(Boolean);
      return new Set(await sessionsRepository.live(unique, await idleTimeoutSeconds(settingsService)));
    },
  };
}
