import { Type, type Static } from '@sinclair/typebox';

export const CONTROLS = [
  'text',
  'multiline_text',
  'number',
  'integer',
  'boolean',
  'select',
  'color',
  'date',
  'datetime',
  'timezone',
  'url',
  'data_source',
  'data_source_field',
  'media_asset',
  'repeating_group',
] as const;
export type Control = (typeof CONTROLS)[number];

/** One configuration field of a widget type, as consoles draw its form (the reference's `ContentDefinitionField`). */
export interface ConfigField {
  key: string;
  label: string;
  description?: string;
  control: Control;
  required?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  options?: { value: string; label: string }[];
  /** `data_source`: the shapes a bound source must have (`records`, `numeric`, `temporal`, `weather`). */
  acceptedDataSourceKinds?: string[];
  /** `data_source_field`: the field types it accepts (any when absent). */
  dataSourceFieldTypes?: string[];
  /** `data_source_field`: the key of the `data_source` field whose source supplies the fields (default `dataSourceId`). */
  dataSourceKey?: string;
  /** `media_asset`: the asset types it accepts. */
  mediaTypes?: string[];
  /**
   * `repeating_group`: at most this many items; `data_source_field`: a list of at most this many
   * field keys instead of one.
   */
  maximumItems?: number;
  /** `repeating_group`, and a `data_source_field` list: at least this many items. */
  minimumItems?: number;
  itemFields?: ConfigField[];
}

const FieldProperties = {
  key: Type.String(),
  label: Type.String(),
  description: Type.Optional(Type.String()),
  control: Type.Union(CONTROLS.map((c) => Type.Literal(c))),
  required: Type.Optional(Type.Boolean()),
  default: Type.Optional(Type.Unknown()),
  minimum: Type.Optional(Type.Number()),
  maximum: Type.Optional(Type.Number()),
  minLength: Type.Optional(Type.Integer()),
  maxLength: Type.Optional(Type.Integer()),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), label: Type.String() }))),
  acceptedDataSourceKinds: Type.Optional(Type.Array(Type.String())),
  dataSourceFieldTypes: Type.Optional(Type.Array(Type.String())),
  dataSourceKey: Type.Optional(Type.String()),
  mediaTypes: Type.Optional(Type.Array(Type.String())),
  maximumItems: Type.Optional(Type.Integer()),
  minimumItems: Type.Optional(Type.Integer()),
};
/** Its wire schema: one level of item fields (no definition nests groups in groups). */
export const ConfigFieldSchema = Type.Object({ ...FieldProperties, itemFields: Type.Optional(Type.Array(Type.Object(FieldProperties))) });
export type ConfigFieldView = Static<typeof ConfigFieldSchema>;

// Builders that keep the definitions short and alike.
const titled = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
type Extra = Partial<ConfigField>;
export const text = (key: string, maxLength: number, extra: Extra = {}): ConfigField => ({
  key,
  label: titled(key),
  control: 'text',
  maxLength,
  default: '',
  ...extra,
});
export const flag = (key: string, value: boolean, extra: Extra = {}): ConfigField => ({
  key,
  label: titled(key),
  control: 'boolean',
  default: value,
  ...extra,
});
export const int = (key: string, minimum: number, maximum: number, value: number | undefined, extra: Extra = {}): ConfigField => ({
  key,
  label: titled(key),
  control: 'integer',
  minimum,
  maximum,
  ...(value === undefined ? {} : { default: value }),
  ...extra,
});
export const choice = (key: string, values: readonly string[], value: string, extra: Extra = {}): ConfigField => ({
  key,
  label: titled(key),
  control: 'select',
  options: values.map((v) => ({ value: v, label: titled(v.replace(/_/g, ' ')) })),
  default: value,
  ...extra,
});
export const color = (key: string, value: string): ConfigField => ({ key, label: titled(key), control: 'color', default: value });
export const timezone = (key = 'timezone'): ConfigField => ({ key, label: 'Timezone', control: 'timezone', default: 'UTC' });
export const source = (kinds: string[]): ConfigField => ({
  key: 'dataSourceId',
  label: 'Data source',
  control: 'data_source',
  required: true,
  acceptedDataSourceKinds: kinds,
});
export const sourceField = (key: string, extra: Extra = {}): ConfigField => ({ key, label: titled(key), control: 'data_source_field', default: '', ...extra });
export const NUMERIC_TYPES = ['number', 'integer', 'percent', 'currency'];
export const DATE_TYPES = ['date', 'datetime'];

/** Colours and sizing every native widget takes, with the players' defaults. */
export const visual = (foreground = '#F5F7FA', background = '#0E141B'): ConfigField[] => [
  color('foregroundColor', foreground),
  color('backgroundColor', background),
  int('textScale', 25, 500, undefined, { description: 'Percent of the default text size.' }),
  int('contentPadding', 0, 40, undefined, { description: 'Percent of each edge left empty.' }),
];
export const emptyState = (value: string) => text('emptyState', 240, { default: value });
