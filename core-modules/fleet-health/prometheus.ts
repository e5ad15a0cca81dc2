import { SCREEN_STATUSES } from '../screens/screens.api.js';
import type { FleetHealth } from './fleet-health.service.js';

/** The Prometheus text exposition format version scrapers negotiate on. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const gauge = (name: string, help: string, samples: [labels: string, value: number][]) => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} gauge`,
  ...samples.map(([labels, value]) => `${name}${labels} ${value}`),
];

/** Every status gets a sample, zero included, so a dashboard's series never vanish. */
export function renderMetrics(h: FleetHealth): string {
  const lines = [
    ...gauge(
      'signage_screens',
      'Screens by derived status.',
      SCREEN_STATUSES.map((s) => [`{status="${s}"}`, h.screens[s]]),
    ),
    ...gauge('signage_playlists_total', 'Playlists.', [['', h.playlists.total]]),
    ...gauge('signage_playlists_empty', 'Playlists with no items and no enabled tag rule.', [['', h.playlists.empty]]),
    ...gauge('signage_commands_open', 'Player commands still waiting for their player.', [['', h.commands.open]]),
  ];
  // The format requires a final line feed.
  return `${lines.join('\n')}\n`;
}
