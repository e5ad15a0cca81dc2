import type { HeartbeatExtension } from '../screens/screens.api.js';
import { isScreenState } from './takeover-states.js';
import type { TakeoversBaseDeps } from './takeovers-base-deps.js';

type Deps = Pick<TakeoversBaseDeps, 'takeoversRepository' | 'consoleEvents' | 'logger'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What players report of a takeover (`activeTakeoverId`, `takeoverState`, `takeoverPreparationProgress`,
 * in heartbeats and `player.status` over the socket) moves the screen's state in it; consoles
 * watching are told. A report for a takeover that no longer holds the screen changes nothing.
 */
export function takeoverReports(d: Deps): HeartbeatExtension {
  return {
    plugin: 'takeovers',
    fromSocket: true,
    async handle(screenId, heartbeat) {
      const takeoverId = heartbeat.activeTakeoverId;
      const state = heartbeat.takeoverState;
      if (typeof takeoverId !== 'string' || !UUID.test(takeoverId) || !isScreenState(state)) return undefined;
      const raw = heartbeat.takeoverPreparationProgress;
      const progress = typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= 100 ? raw : undefined;
      if (await d.takeoversRepository.report(takeoverId.toLowerCase(), screenId, state, progress)) {
        d.consoleEvents.publish('takeover.screen_state', { takeoverId: takeoverId.toLowerCase(), screenId, state });
      }
      return undefined;
    },
  };
}
