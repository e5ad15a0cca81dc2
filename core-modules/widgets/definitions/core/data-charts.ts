import type { Configuration } from '../configuration.js';
import { choice, color, DATE_TYPES, emptyState, flag, int, NUMERIC_TYPES, source, sourceField, text, visual } from '../fields.js';
import { centredGrid, literal, NATIVE_CAPABILITIES, native, node, surface, textNode } from '../presentation.js';
import type { WidgetDefinition } from '../widget-definition.js';

const display = {
  version: 1,
  category: 'Data display',
  runtime: 'native',
  emptyStateBehavior: 'empty_state',
  requiredCapabilities: NATIVE_CAPABILITIES,
} as const;

export const statGrid: WidgetDefinition = {
  ...display,
  // Schema 11 and 12 players know no such provider: it reaches players that draw presentations only.
  legacyPlayers: false,
  id: 'stat_grid',
  name: 'Stat grid',
  description: 'Several numbers from one source in a grid.',
  icon: 'grid',
  fields: [
    source(['records', 'numeric']),
    {
      key: 'metrics',
      label: 'Numbers',
      control: 'repeating_group',
      required: true,
      minimumItems: 1,
      maximumItems: 12,
      itemFields: [
        text('label', 80),
        sourceField('labelField'),
        sourceField('valueField', { required: true, default: undefined, dataSourceFieldTypes: NUMERIC_TYPES }),
        choice('format', NUMERIC_TYPES, 'number'),
        int('precision', 0, 6, 0),
        text('prefix', 20),
        text('suffix', 20),
      ],
    },
    int('columns', 1, 4, 2),
    emptyState('No information available'),
    ...visual(),
  ],
  compile: (c) =>
    centredGrid(c, c.metrics as Configuration[], (m) => [
      m.labelField
        ? textNode({ source: 'dataset', dataset: String(c.dataSourceId), path: String(m.labelField) }, { role: 'caption' })
        : textNode(literal(String(m.label)), { role: 'caption' }),
      textNode(
        {
          source: 'dataset',
          dataset: String(c.dataSourceId),
          path: String(m.valueField),
          format: String(m.format),
          precision: Number(m.precision),
          prefix: String(m.prefix),
          suffix: String(m.suffix),
          fallback: String(c.emptyState),
        },
        { role: 'display' },
      ),
    ]),
};

export const chart: WidgetDefinition = {
  ...display,
  legacyPlayers: false,
  id: 'chart',
  name: 'Chart',
  description: 'Numbers of a source as a line, bar or donut chart.',
  icon: 'chart',
  fields: [
    source(['records', 'numeric']),
    choice('chartType', ['line', 'bar', 'donut'], 'line'),
    sourceField('categoryField'),
    sourceField('timeField', { dataSourceFieldTypes: DATE_TYPES }),
    {
      key: 'series',
      label: 'Series',
      control: 'repeating_group',
      required: true,
      minimumItems: 1,
      maximumItems: 4,
      itemFields: [
        sourceField('field', { required: true, default: undefined, dataSourceFieldTypes: NUMERIC_TYPES }),
        text('label', 80),
        { ...color('color', ''), default: '' },
      ],
    },
    flag('showLegend', true),
    flag('showAxes', true),
    { key: 'minimum', label: 'Minimum', control: 'number' },
    { key: 'maximum', label: 'Maximum', control: 'number' },
    emptyState('No information available'),
    ...visual(),
  ],
  check: (c) =>
    c.minimum !== undefined && c.maximum !== undefined && Number(c.minimum) >= Number(c.maximum)
      ? [{ field: 'maximum', message: 'must be above minimum' }]
      : [],
  compile: (c) =>
    native(
      surface(c, [
        node(`${c.chartType}_chart`, {
          dataset: String(c.dataSourceId),
          labelField: c.timeField || c.categoryField || '',
          valueField: (c.series as Configuration[])[0]!.field,
          series: c.series,
          showLegend: c.showLegend,
          showAxes: c.showAxes,
          ...(c.minimum !== undefined ? { minimum: c.minimum } : {}),
          ...(c.maximum !== undefined ? { maximum: c.maximum } : {}),
        }),
      ]),
    ),
};

export const dataCharts = [statGrid, chart];
