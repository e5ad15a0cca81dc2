import { type Static, Type } from '@sinclair/typebox';
import { isCalendarDate } from '../../kernel/local-time.js';
import { ownValue } from '../../kernel/collections.js';

export const MAX_FIELDS = 100;

export const CONTROLS = [
  'short_text',
  'long_text',
  'number',
  'integer',
  'boolean',
  'select',
  'multi_select',
  'date',
  'datetime',
  'url',
  'image',
  'section',
  'help_text',
] as const;
export type Control = (typeof CONTROLS)[number];

/** Keys the record itself has (title, times, state): form fields cannot take them. */
export const RESERVED_KEYS = ['id', 'state', 'displayTitle', 'priority', 'submittedAt', 'displayAt', 'expiresAt'];

const Bound = Type.Number({ minimum: -1e15, maximum: 1e15 });
export const FieldSchema = Type.Object({
  key: Type.String({ pattern: '^[a-z][a-zA-Z0-9_]{0,63}$' }),
  label: Type.String({ maxLength: 180 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  control: Type.Union(CONTROLS.map((c) => Type.Literal(c))),
  required: Type.Optional(Type.Boolean()),
  default: Type.Optional(Type.String({ maxLength: 4000 })),
  options: Type.Optional(
    Type.Array(Type.Object({ value: Type.String({ minLength: 1, maxLength: 120 }), label: Type.String({ minLength: 1, maxLength: 180 }) }), {
      maxItems: 50,
    }),
  ),
  minimum: Type.Optional(Bound),
  maximum: Type.Optional(Bound),
  minLength: Type.Optional(Type.Integer({ minimum: 0, maximum: 20_000 })),
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 20_000 })),
});
export type FormField = Static<typeof FieldSchema>;

export const FormSchemaSchema = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 180 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  // Required (no default): a definition without its fields is a client's mistake, not an empty form.
  fields: Type.Array(FieldSchema, { maxItems: MAX_FIELDS }),
});
export type FormSchema = Static<typeof FormSchemaSchema>;

/** Text fields without their own maximum hold at most this many characters. */
const TEXT_MAX = { short_text: 240, long_text: 4000 } as const;
const PRESENTATION: Control[] = ['section', 'help_text'];

/** Whether a field holds a value (sections and help text only present the form). */
export const holdsValue = (f: FormField) => !PRESENTATION.includes(f.control);

/** What is wrong with a form definition (undefined when nothing). Pure. */
export function schemaProblem(schema: FormSchema): string | undefined {
  const keys = new Set<string>();
  for (const f of schema.fields) {
    if (keys.has(f.key)) return `Field key “${f.key}” is used twice.`;
    keys.add(f.key);
    if (RESERVED_KEYS.includes(f.key)) return `Field key “${f.key}” is reserved for the record itself.`;
    if (f.control !== 'help_text' && !f.label.trim()) return `Field “${f.key}” needs a label.`;
    if (f.control === 'select' || f.control === 'multi_select') {
      const values = (f.options ?? []).map((o) => o.value);
      if (!values.length) return `Field “${f.key}” needs at least one option.`;
      if (new Set(values).size !== values.length) return `Field “${f.key}” repeats an option value.`;
    }
    if (f.minimum !== undefined && f.maximum !== undefined && f.minimum > f.maximum) return `Field “${f.key}”: the minimum is above the maximum.`;
    if (f.minLength !== undefined && f.maxLength !== undefined && f.minLength > f.maxLength) {
      return `Field “${f.key}”: the minimum length is above the maximum length.`;
    }
  }
  return undefined;
}

/** A stored value: text, a number, a boolean, or the chosen options of a multi-select. */
export type FieldValue = string | number | boolean | string[];

const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && !v.length);
const chars = (s: string) => [...s].length;

/** The value a control stores for what the client sent, or why it cannot. Pure. */
export function fieldValue(f: FormField, raw: unknown): FieldValue | { problem: string } {
  const no = (what: string) => ({ problem: `${f.label || f.key} ${what}.` });
  switch (f.control) {
    case 'short_text':
    case 'long_text': {
      if (typeof raw !== 'string') return no('must be text');
      const n = chars(raw);
      const max = f.maxLength ?? TEXT_MAX[f.control];
      if (n > max) return no(`may have at most ${max} characters`);
      if (f.minLength !== undefined && n < f.minLength) return no(`needs at least ${f.minLength} characters`);
      return raw;
    }
    case 'number':
    case 'integer': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
      if (!Number.isFinite(n) || Math.abs(n) > 1e15) return no('must be a number');
      if (f.control === 'integer' && !Number.isInteger(n)) return no('must be a whole number');
      if (f.minimum !== undefined && n < f.minimum) return no(`must be at least ${f.minimum}`);
      if (f.maximum !== undefined && n > f.maximum) return no(`must be at most ${f.maximum}`);
      return n;
    }
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      if (raw === 'true' || raw === 'false') return raw === 'true';
      return no('must be true or false');
    case 'select':
      return typeof raw === 'string' && (f.options ?? []).some((o) => o.value === raw) ? raw : no('must be one of its options');
    case 'multi_select': {
      const values = f.options?.map((o) => o.value) ?? [];
      if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string' || !values.includes(v))) return no('must be a list of its options');
      return [...new Set(raw as string[])];
    }
    case 'date':
      return typeof raw === 'string' && isCalendarDate(raw) ? raw : no('must be a date (YYYY-MM-DD)');
    case 'datetime':
      return typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) && Number.isFinite(Date.parse(raw))
        ? new Date(raw).toISOString()
        : no('must be a date and time with its offset (RFC 3339)');
    case 'url': {
      if (typeof raw !== 'string' || raw.length > 2048 || !URL.canParse(raw)) return no('must be an http(s) address');
      const u = new URL(raw);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname ? raw : no('must be an http(s) address');
    }
    default:
      return no('is not set here');
  }
}

/**
 * The values to store for what a client sent: each checked by its control, empty ones left out,
 * images (set by uploads only) kept as they were. With `complete`, every required field must hold
 * a value. Answers the values, or the first problem. Pure.
 */
export function checkedValues(
  schema: FormSchema,
  sent: Record<string, unknown>,
  kept: Record<string, FieldValue>,
  complete: boolean,
): { values: Record<string, FieldValue> } | { problem: string } {
  const byKey = new Map(schema.fields.map((f) => [f.key, f]));
  const values: Record<string, FieldValue> = {};
  for (const [key, raw] of Object.entries(sent)) {
    const field = byKey.get(key);
    if (!field || !holdsValue(field)) return { problem: `The form has no field “${key}”.` };
    if (field.control === 'image') return { problem: `${field.label} is set by uploading an image.` };
    if (empty(raw)) continue;
    const value = fieldValue(field, raw);
    if (typeof value === 'object' && !Array.isArray(value)) return value;
    values[key] = value;
  }
  for (const f of schema.fields) if (f.control === 'image' && ownValue(kept, f.key) !== undefined) values[f.key] = ownValue(kept, f.key)!;
  const missing = complete ? missingRequired(schema, values) : undefined;
  return missing ? { problem: missing } : { values };
}

/** Why a record's values are not complete (a required field, images included, holds nothing); undefined when they are. Pure. */
export function missingRequired(schema: FormSchema, values: Record<string, FieldValue>): string | undefined {
  const missing = schema.fields.find((f) => f.required && holdsValue(f) && ownValue(values, f.key) === undefined);
  return missing && `${missing.label} is required.`;
}

/** A field's type as screens get it; undefined for fields screens do not get (presentation, images). */
export function outputType(f: FormField): 'text' | 'number' | 'integer' | 'boolean' | 'date' | 'datetime' | 'url' | undefined {
  switch (f.control) {
    case 'short_text':
    case 'long_text':
    case 'select':
    case 'multi_select':
      return 'text';
    case 'number':
    case 'integer':
    case 'boolean':
    case 'date':
    case 'datetime':
    case 'url':
      return f.control;
    default:
      return undefined;
  }
}

/**
 * Why a draft cannot replace the published form (undefined when it can): every field screens get
 * must stay, with the same output type, so records made on the old form still fit. Pure.
 */
export function publishProblem(published: FormSchema | undefined, draft: FormSchema): string | undefined {
  if (!published) return undefined;
  const drafted = new Map(draft.fields.map((f) => [f.key, f]));
  for (const f of published.fields) {
    const type = outputType(f);
    if (!type && f.control !== 'image') continue;
    const next = drafted.get(f.key);
    if (!next) return `Field “${f.key}” is on the published form; it may change but not go.`;
    if (outputType(next) !== type || (f.control === 'image') !== (next.control === 'image')) {
      return `Field “${f.key}” cannot change what kind of value it holds.`;
    }
  }
  return undefined;
}
