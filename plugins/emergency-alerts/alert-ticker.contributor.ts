import type { ManifestContributor, ManifestPluginEntry } from '../../core-modules/player/player.api.js';
import { reaches } from '../../core-modules/screens/screens.api.js';
import type { AlertsRepository } from './alerts.repository.js';

/** The reference's bar precedence: an alert ticker above noise meters and countdown bars. */
const TICKER_PRIORITY = 1000;
const MESSAGE_MAX = 1000;

/**
 * The manifest's `alert_ticker` entries: one bar per ticker rule with a live alert on the screen,
 * the text composed here so players need nothing but the entry. `expiresAt` lets a player running
 * on a cached manifest take the bar down itself.
 */
export function alertTickerContributor(plugin: string, repo: AlertsRepository): ManifestContributor {
  return {
    plugin,
    async entriesFor(placements) {
      const result = new Map<string, ManifestPluginEntry[]>();
      const tickers = await repo.tickers();
      if (!tickers.length) return result;
      for (const placement of placements) {
        const entries: ManifestPluginEntry[] = [];
        for (const t of tickers) {
          const targeted =
            reaches({ targetScope: 'screens', targetIds: t.screen_ids }, placement) ||
            reaches({ targetScope: 'sync_groups', targetIds: t.group_ids }, placement);
          if (!targeted) continue;
          const message = [t.event, t.headline, t.area_description, t.instruction].filter(Boolean).join(' — ').slice(0, MESSAGE_MAX);
          entries.push({
            id: t.rule_id,
            type: 'alert_ticker',
            version: 1,
            config: {
              name: t.name,
              message: message || 'Active weather alert',
              severity: t.severity,
              event: t.event,
              displayMode: t.ticker_display_mode,
              heightPx: t.ticker_height_px,
              speed: t.ticker_speed,
              priority: TICKER_PRIORITY,
              expiresAt: t.expires_at.toISOString(),
            },
          });
        }
        if (entries.length) result.set(placement.screenId, entries);
      }
      return result;
    },
  };
}
