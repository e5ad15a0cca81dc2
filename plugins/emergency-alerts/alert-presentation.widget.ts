import { native, node, type PresentationBinding, type PresentationNode, textNode, type WidgetDefinition } from '../../core-modules/widgets/widgets.api.js';

/** The widget type of a built-in presentation. */
export const ALERT_WIDGET_TYPE = 'weather_alert';

// One band colour per severity, white text on each (the contrast holds on all of them).
const BANDS: Record<string, string> = {
  Extreme: '#6E0A1E',
  Severe: '#B3261E',
  Moderate: '#B85C00',
  Minor: '#7A6400',
  Unknown: '#37474F',
};

const field = (path: string, extra: Partial<PresentationBinding> = {}): PresentationBinding => ({ source: 'repeat', path, ...extra });

/** One alert on its severity's band: the event large, then its headline, what to do, where and until when. */
const alertBand = (severity: string, colour: string): PresentationNode =>
  node(
    'column',
    { background: colour, color: '#FFFFFF', padding: 32, radius: 16, gap: 12, align: 'start' },
    [
      node('badge', { role: 'label', color: '#FFFFFF' }, undefined, { binding: field('severity') }),
      textNode(field('event'), { role: 'metric', maxLines: 2 }),
      textNode(field('headline'), { role: 'title', maxLines: 3 }),
      textNode(field('instruction'), { role: 'body', maxLines: 6 }),
      textNode(field('area'), { role: 'caption', maxLines: 2 }),
      node('row', { gap: 24 }, [
        textNode(field('since', { format: 'datetime', prefix: 'Issued ' }), { role: 'caption' }),
        textNode(field('until', { format: 'datetime', prefix: 'Until ' }), { role: 'caption' }),
      ]),
    ],
    { condition: { binding: field('severity'), op: 'equals', value: severity } },
  );

/**
 * Weather alerts on a full screen, from a `weather_alert` source (or any records with the same
 * fields): each alert on a band of its severity's colour. Drawn from its presentation, so only
 * players of schema 13 on show it, as the reference's built-in alert.
 */
export const alertWidget: WidgetDefinition = {
  id: ALERT_WIDGET_TYPE,
  version: 1,
  name: 'Weather alert',
  description: 'Live weather alerts on a full screen: event, severity colour, headline, instruction, area and times.',
  category: 'Information',
  icon: 'alert',
  runtime: 'native',
  legacyPlayers: false,
  emptyStateBehavior: 'empty_state',
  requiredCapabilities: { 'presentation.schema': 1, 'binding.core': 2 },
  fields: [
    { key: 'dataSourceId', label: 'Data source', control: 'data_source', required: true, acceptedDataSourceKinds: ['records'] },
    { key: 'maximumAlerts', label: 'Maximum alerts', control: 'integer', minimum: 1, maximum: 4, default: 2 },
    { key: 'emptyState', label: 'Empty state', control: 'text', maxLength: 240, default: 'No active weather alert' },
  ],
  compile: (c) =>
    native(
      node('surface', { backgroundColor: '#101418', color: '#FFFFFF', paddingPercent: 3, emptyText: c.emptyState }, [
        node(
          'repeat',
          { gap: 16 },
          Object.entries(BANDS).map(([severity, colour]) => alertBand(severity, colour)),
          { repeat: { dataset: String(c.dataSourceId), limit: Number(c.maximumAlerts) } },
        ),
      ]),
    ),
};
