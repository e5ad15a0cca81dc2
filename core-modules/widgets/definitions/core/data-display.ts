import type { Configuration } from '../configuration.js';
import { choice, DATE_TYPES, emptyState, flag, int, NUMERIC_TYPES, source, sourceField, text, visual } from '../fields.js';
import { literal, NATIVE_CAPABILITIES, native, node, type PresentationNode, surface, textNode } from '../presentation.js';
import type { WidgetDefinition } from '../widget-definition.js';

const bound = { version: 1, category: 'Data-driven', runtime: 'native', legacyPlayers: true, emptyStateBehavior: 'empty_state' } as const;
const NATIVE = NATIVE_CAPABILITIES;
const FORMATS = ['number', 'integer', 'percent', 'currency'];

const fieldList = (min: number, max: number, value: string[]) =>
  sourceField('fields', { minimumItems: min, maximumItems: max, default: value, description: 'The fields shown, in order.' });
const repeatField = (path: string, props: Record<string, unknown> = {}) => textNode({ source: 'repeat', path }, props);
const dataset = (c: Configuration) => String(c.dataSourceId);
/** The records of the bound source, `limit` of them, each drawn by `row`; the empty state when there are none. */
const records = (c: Configuration, limit: unknown, row: PresentationNode[], props: Record<string, unknown> = {}) =>
  surface(c, [node('repeat', props, row, { repeat: { dataset: dataset(c), limit: Number(limit) } })], { emptyText: c.emptyState });

export const ticker: WidgetDefinition = {
  ...bound,
  id: 'ticker',
  name: 'Ticker',
  description: 'Fields of a data source’s records scrolling across.',
  icon: 'ticker',
  requiredCapabilities: NATIVE,
  fields: [
    source(['records']),
    fieldList(1, 3, ['title']),
    text('separator', 10, { default: ' • ' }),
    text('fieldSeparator', 10, { default: ' — ' }),
    choice('speed', ['slow', 'normal', 'fast'], 'normal'),
    choice('direction', ['left', 'right'], 'left'),
    emptyState('No items available'),
    ...visual(),
  ],
  playerConfiguration: (c) => ({ ...c, field: (c.fields as string[])[0] }),
  compile: (c) =>
    native(
      surface(c, [
        node('marquee', { direction: c.direction, speed: c.speed, durationMs: { slow: 30_000, normal: 18_000, fast: 10_000 }[String(c.speed)] }, undefined, {
          binding: { source: 'dataset', dataset: dataset(c), fields: c.fields as string[], separator: String(c.separator), fallback: String(c.emptyState) },
        }),
      ]),
    ),
};

const display = (
  id: string,
  name: string,
  description: string,
  icon: string,
  extra: WidgetDefinition['fields'],
  row: (c: Configuration) => PresentationNode[],
): WidgetDefinition => ({
  ...bound,
  id,
  name,
  description,
  icon,
  requiredCapabilities: NATIVE,
  fields: [
    source(id === 'agenda' ? ['records', 'temporal'] : ['records']),
    fieldList(1, 12, ['title']),
    int('maximumItems', 1, 100, 20),
    ...extra,
    emptyState('No items available'),
    ...visual(),
  ],
  compile: (c) => native(records(c, c.maximumItems, row(c), { gap: c.rowSpacing === 'compact' ? 4 : 12, dividers: c.showDividers === true })),
});
const each = (c: Configuration) => (c.fields as string[]).map((f, i) => repeatField(f, { role: i === 0 ? 'body' : 'caption' }));
const spacing = [flag('showDividers', false), choice('rowSpacing', ['compact', 'comfortable'], 'comfortable')];

export const menu = display(
  'menu',
  'Menu / price board',
  'Names and prices from a table, as a board.',
  'menu',
  [choice('mode', ['single_record', 'records'], 'single_record'), sourceField('labelField'), sourceField('valueField'), ...spacing],
  (c) =>
    c.labelField && c.valueField
      ? [node('row', { justify: 'space-between' }, [repeatField(String(c.labelField)), repeatField(String(c.valueField), { align: 'right' })])]
      : each(c),
);

export const list = display(
  'list',
  'List',
  'Records as rows: a main line and details.',
  'list',
  [sourceField('primaryField'), sourceField('secondaryField'), sourceField('leadingField'), sourceField('trailingField'), ...spacing],
  (c) => [
    node('row', {}, [
      ...(c.leadingField ? [repeatField(String(c.leadingField))] : []),
      node(
        'column',
        {},
        c.primaryField
          ? [repeatField(String(c.primaryField), { role: 'body' }), ...(c.secondaryField ? [repeatField(String(c.secondaryField), { role: 'caption' })] : [])]
          : each(c),
      ),
      ...(c.trailingField ? [repeatField(String(c.trailingField), { align: 'right' })] : []),
    ]),
  ],
);

export const table = display(
  'table',
  'Table',
  'Records in columns, each formatted as chosen.',
  'table',
  [
    {
      key: 'columns',
      label: 'Columns',
      control: 'repeating_group',
      maximumItems: 8,
      default: [],
      itemFields: [
        sourceField('field', { required: true, default: undefined }),
        text('label', 80),
        choice('format', ['text', ...FORMATS, 'date-short', 'date-long'], 'text'),
        int('precision', 0, 6, 0),
        text('prefix', 20),
        text('suffix', 20),
        choice('alignment', ['left', 'center', 'right'], 'left'),
        int('width', 0, 100, 0),
      ],
    },
    flag('showHeader', false),
    flag('alternatingRows', false),
  ],
  (c) => {
    const columns = (c.columns as Configuration[]).length
      ? (c.columns as Configuration[])
      : (c.fields as string[]).map((field): Configuration => ({ field, format: 'text', alignment: 'left' }));
    return [
      node(
        'row',
        {},
        columns.map((col) =>
          textNode(
            {
              source: 'repeat',
              path: String(col.field),
              format: String(col.format),
              precision: Number(col.precision ?? 0),
              prefix: String(col.prefix ?? ''),
              suffix: String(col.suffix ?? ''),
            },
            { align: col.alignment },
          ),
        ),
      ),
    ];
  },
);

export const agenda = display(
  'agenda',
  'Agenda',
  'Dated records grouped as an agenda.',
  'agenda',
  [
    sourceField('dateField', { dataSourceFieldTypes: DATE_TYPES }),
    sourceField('timeField'),
    sourceField('titleField'),
    sourceField('locationField'),
    sourceField('descriptionField'),
    flag('groupByDay', false),
  ],
  (c) => [
    node('column', {}, [
      ...(c.dateField ? [textNode({ source: 'repeat', path: String(c.dateField), format: 'date-short' }, { role: 'caption' })] : []),
      c.titleField ? repeatField(String(c.titleField), { role: 'body' }) : repeatField((c.fields as string[])[0]!, { role: 'body' }),
      ...(c.locationField ? [repeatField(String(c.locationField), { role: 'caption' })] : []),
    ]),
  ],
);

export const metric: WidgetDefinition = {
  ...bound,
  id: 'metric',
  name: 'Metric',
  description: 'One number, large, with its label.',
  icon: 'gauge',
  requiredCapabilities: NATIVE,
  fields: [
    source(['records', 'numeric']),
    sourceField('valueField', { required: true, default: undefined, dataSourceFieldTypes: NUMERIC_TYPES }),
    text('label', 120),
    sourceField('labelField'),
    sourceField('secondaryField'),
    choice('format', FORMATS, 'number'),
    int('precision', 0, 6, 0),
    text('prefix', 20),
    text('suffix', 20),
    choice('alignment', ['left', 'center', 'right'], 'center'),
    emptyState('No value available'),
    ...visual(),
  ],
  compile: (c) =>
    native(
      surface(c, [
        node('column', { align: c.alignment }, [
          c.labelField
            ? textNode({ source: 'dataset', dataset: dataset(c), path: String(c.labelField) }, { role: 'caption' })
            : textNode(literal(String(c.label)), { role: 'caption' }),
          textNode(
            {
              source: 'dataset',
              dataset: dataset(c),
              path: String(c.valueField),
              format: String(c.format),
              precision: Number(c.precision),
              prefix: String(c.prefix),
              suffix: String(c.suffix),
              fallback: String(c.emptyState),
            },
            { role: 'display' },
          ),
          ...(c.secondaryField ? [textNode({ source: 'dataset', dataset: dataset(c), path: String(c.secondaryField) }, { role: 'caption' })] : []),
        ]),
      ]),
    ),
};

export const cards: WidgetDefinition = {
  ...bound,
  id: 'cards',
  name: 'Cards',
  description: 'Records as a grid of cards.',
  icon: 'cards',
  requiredCapabilities: NATIVE,
  fields: [
    source(['records']),
    sourceField('titleField', { required: true, default: undefined }),
    sourceField('subtitleField'),
    sourceField('bodyField'),
    sourceField('badgeField'),
    int('columns', 1, 4, 2),
    int('maximumItems', 1, 12, 6),
    choice('density', ['compact', 'comfortable'], 'comfortable'),
    emptyState('No items available'),
    ...visual(),
  ],
  compile: (c) =>
    native(
      surface(c, [
        node('grid', { columns: c.columns }, [
          node(
            'repeat',
            {},
            [
              node('box', { radius: 8, padding: c.density === 'compact' ? 8 : 16 }, [
                node('column', {}, [
                  ...(c.badgeField ? [node('badge', {}, undefined, { binding: { source: 'repeat', path: String(c.badgeField) } })] : []),
                  repeatField(String(c.titleField), { role: 'title' }),
                  ...(c.subtitleField ? [repeatField(String(c.subtitleField), { role: 'caption' })] : []),
                  ...(c.bodyField ? [repeatField(String(c.bodyField), { role: 'body', maxLines: 4 })] : []),
                ]),
              ]),
            ],
            { repeat: { dataset: dataset(c), limit: Number(c.maximumItems) } },
          ),
        ]),
      ]),
    ),
};

export const weather: WidgetDefinition = {
  ...bound,
  id: 'weather',
  name: 'Weather',
  description: 'Current conditions and a forecast from a weather source.',
  icon: 'cloud-sun',
  requiredCapabilities: NATIVE,
  fields: [
    source(['records', 'weather']),
    flag('showLocation', true),
    flag('showCurrent', true),
    flag('showHumidity', true),
    flag('showWind', true),
    flag('showPrecipitation', true),
    int('forecastDays', 0, 7, 5),
    ...visual(),
  ],
  // Showing nothing at all would leave a blank panel: the place and current conditions, as the reference does.
  complete: (c) =>
    c.showLocation || c.showCurrent || c.showHumidity || c.showWind || c.showPrecipitation ? c : { ...c, showLocation: true, showCurrent: true },
  compile: (c) =>
    native(
      surface(c, [
        node('column', {}, [
          ...(c.showCurrent
            ? [textNode({ source: 'dataset', dataset: dataset(c), path: 'temperature', format: 'number', suffix: '°' }, { role: 'display' })]
            : []),
          ...(Number(c.forecastDays) > 0
            ? [node('repeat', {}, [repeatField('date', { role: 'caption' })], { repeat: { dataset: dataset(c), limit: Number(c.forecastDays) } })]
            : []),
        ]),
      ]),
    ),
};

export const dataDisplays = [ticker, menu, list, table, agenda, metric, cards, weather];
