// A widget type's configuration form, with no React. The server describes each type's settings as
// form fields (`configurationSchema.fields`, the reference's shape); the console derives the JSON
// schema react-jsonschema-form draws from them, with the data sources a bound type may read offered
// as choices.
import type { JsonSchema } from '../plugins/instance-forms';
import type { ConfigField, DataSourceDefinition, DataSourceSummary } from './types';

/** What the form offers for fields of the bound source: its fields, when known. */
export interface SourceChoices {
  fields?: { key: string; label: string }[];
}

type UiSchema = Record<string, unknown>;
const choice = (value: string, title: string) => ({ const: value, title });

function fieldSchema(f: ConfigField, choices: SourceChoices, noneLabel: string): { schema: JsonSchema; ui: UiSchema } {
  const base: JsonSchema = { title: f.label, ...(f.description ? { description: f.description } : {}) };
  const strings = { ...(f.minLength !== undefined ? { minLength: f.minLength } : {}), ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}) };
  const optionalNone = f.required ? [] : [choice('', noneLabel)];
  switch (f.control) {
    case 'boolean':
      return { schema: { ...base, type: 'boolean' }, ui: {} };
    case 'integer':
    case 'number':
      return {
        schema: {
          ...base,
          type: f.control,
          ...(f.minimum !== undefined ? { minimum: f.minimum } : {}),
          ...(f.maximum !== undefined ? { maximum: f.maximum } : {}),
        },
        ui: {},
      };
    case 'select':
      return { schema: { ...base, type: 'string', oneOf: (f.options ?? []).map((o) => choice(o.value, o.label)) }, ui: {} };
    case 'multiline_text':
      return { schema: { ...base, type: 'string', ...strings }, ui: { 'ui:widget': 'textarea' } };
    case 'data_source_field': {
      const known = choices.fields?.length ? { oneOf: choices.fields.map((x) => choice(x.key, x.label || x.key)) } : {};
      if (f.maximumItems !== undefined) {
        return {
          schema: {
            ...base,
            type: 'array',
            items: { type: 'string', ...known },
            maxItems: f.maximumItems,
            ...(f.minimumItems ? { minItems: f.minimumItems } : {}),
          },
          ui: {},
        };
      }
      return { schema: { ...base, type: 'string', ...(known.oneOf ? { oneOf: [...optionalNone, ...known.oneOf] } : {}) }, ui: {} };
    }
    case 'repeating_group': {
      const item = configurationForm(f.itemFields ?? [], choices, noneLabel);
      return {
        schema: {
          ...base,
          type: 'array',
          items: item.schema,
          ...(f.maximumItems !== undefined ? { maxItems: f.maximumItems } : {}),
          ...(f.minimumItems ? { minItems: f.minimumItems } : {}),
        },
        ui: { items: item.uiSchema },
      };
    }
    default:
      // text, url, colour, time zone, date, date and time, media asset id: text the server checks.
      return { schema: { ...base, type: 'string', ...strings }, ui: {} };
  }
}

/**
 * The JSON schema (and its ui schema) of a widget type's configuration but its data source. `noneLabel`
 * names the empty choice of an optional source-field field.
 */
export function configurationForm(fields: ConfigField[], choices: SourceChoices, noneLabel: string): { schema: JsonSchema; uiSchema: UiSchema } {
  const properties: Record<string, JsonSchema> = {};
  const uiSchema: UiSchema = {};
  // The data source is picked beside the form (WidgetSourcePicker), from the compatible sources.
  for (const f of fields.filter((x) => x.control !== 'data_source')) {
    const { schema, ui } = fieldSchema(f, choices, noneLabel);
    properties[f.key] = schema;
    if (Object.keys(ui).length) uiSchema[f.key] = ui;
  }
  return { schema: { type: 'object', properties, required: fields.filter((f) => f.required && f.control !== 'data_source').map((f) => f.key) }, uiSchema };
}

/** The type's data-source field, when it binds one. */
export const sourceField = (fields: ConfigField[]) => fields.find((f) => f.control === 'data_source');

/** The sources whose provider gives every shape the type asks for (`records` any source gives). */
export function compatibleSources(sources: DataSourceSummary[], definitions: DataSourceDefinition[], accepted: string[]): DataSourceSummary[] {
  const shapeOf = new Map(definitions.map((d) => [d.id, d.shape as Record<string, boolean>]));
  return sources.filter((s) => accepted.every((kind) => kind === 'records' || shapeOf.get(s.provider)?.[kind] === true));
}

/** `details.fields` of a widget's 422 (`body/configuration/zones/0/label`), as paths of the form (`body/zones/0/label`). */
export function configurationIssues(details: unknown): { fields: { field: string; message: string }[] } {
  const fields = (details as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
  return { fields: fields.map((f) => ({ ...f, field: f.field.replace(/^body\/configuration\//, 'body/') })) };
}
