import { Type } from '@sinclair/typebox';
import type { DataDocument, DataSourceProvider, DocumentField } from '../../core-modules/data-sources/data-sources.api.js';
import type { ActivationRow, AlertsRepository } from './alerts.repository.js';
import { SEVERITIES } from './emergency-alerts.schemas.js';

/** The provider of a built-in presentation's source: the live alerts of the rule that owns it. */
export const ALERT_SOURCE_PROVIDER = 'weather_alert';
export const ALERT_FIELDS: DocumentField[] = [
  { key: 'event', label: 'Event', type: 'text' },
  { key: 'severity', label: 'Severity', type: 'text' },
  { key: 'headline', label: 'Headline', type: 'text' },
  { key: 'instruction', label: 'Instruction', type: 'text' },
  { key: 'area', label: 'Area', type: 'text' },
  { key: 'description', label: 'Description', type: 'text' },
  { key: 'sender', label: 'Sender', type: 'text' },
  { key: 'since', label: 'Since', type: 'datetime' },
  { key: 'until', label: 'Until', type: 'datetime' },
];

/** Severities as the widget colours them: the feed's own words, anything else `Unknown`. */
export const shownSeverity = (severity: string) => ((SEVERITIES as readonly string[]).includes(severity) ? severity : 'Unknown');
const rank = (severity: string) => (SEVERITIES as readonly string[]).indexOf(severity);

/** The rule's live alerts as one dataset, the most severe first, then the first seen. */
export function alertDocument(activations: ActivationRow[], now: Date): DataDocument {
  const ordered = [...activations].sort(
    (a, b) => rank(b.severity) - rank(a.severity) || a.first_seen_at.getTime() - b.first_seen_at.getTime() || a.alert_id.localeCompare(b.alert_id),
  );
  const text = (value: string) => ({ kind: 'text' as const, text: value });
  const time = (value: Date) => ({ kind: 'datetime' as const, datetime: value.toISOString() });
  return {
    schemaVersion: 1,
    datasets: [
      {
        id: 'alerts',
        kind: 'records',
        fields: ALERT_FIELDS,
        records: ordered.map((a) => ({
          id: a.alert_id.slice(0, 80),
          values: {
            event: text(a.event || 'Weather alert'),
            severity: text(shownSeverity(a.severity)),
            ...(a.headline ? { headline: text(a.headline) } : {}),
            ...(a.instruction ? { instruction: text(a.instruction) } : {}),
            ...(a.area_description ? { area: text(a.area_description) } : {}),
            ...(a.description ? { description: text(a.description) } : {}),
            ...(a.sender ? { sender: text(a.sender) } : {}),
            since: time(a.first_seen_at),
            until: time(a.expires_at),
          },
        })),
        cache: { cachedAt: now.toISOString(), staleAt: null, usingCachedData: false, unavailable: false },
      },
    ],
  };
}

/**
 * The `weather_alert` provider: kept by this plugin (people cannot make or edit one), produced from
 * the live activations of the rule owning the source, again whenever a poll or an edit changes them.
 */
export function alertDocumentProvider(d: { alertsRepository: AlertsRepository }): DataSourceProvider<Record<string, never>> {
  return {
    name: ALERT_SOURCE_PROVIDER,
    label: 'Weather alerts (built in)',
    description: 'The live alerts of a weather alert rule, kept by the emergency alerts plugin.',
    managedBy: 'emergency-alerts',
    configuration: Type.Object({}),
    fields: () => ALERT_FIELDS,
    refreshSeconds: () => undefined,
    async produce(_configuration, ctx) {
      const activations = ctx.sourceId ? await d.alertsRepository.liveActivationsShownBy(ctx.sourceId) : [];
      return alertDocument(activations, ctx.now);
    },
  };
}
