import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { DataDocument, DocumentField, DocumentValue } from '../data-sources/data-sources.api.js';
import { type FieldValue, type FormSchema, outputType } from './form-schema.js';
import type { Workflow } from './workflow.js';
import { ownValue } from '../../kernel/collections.js';
import type { RecordRow, ViewFields, ViewRow } from './forms.models.js';

/** Fields a screen gets per dataset: the bound the Android player validates. */
export const MAX_OUTPUT_FIELDS = 16;
export const MAX_OUTPUT_RECORDS = 2000;

/** Fields every record has, besides the form's own. */
const RECORD_FIELDS: DocumentField[] = [
  { key: 'displayTitle', label: 'Title', type: 'text' },
  { key: 'state', label: 'State', type: 'text' },
  { key: 'priority', label: 'Priority', type: 'integer' },
  { key: 'submittedAt', label: 'Submitted', type: 'datetime' },
  { key: 'displayAt', label: 'Display from', type: 'datetime' },
  { key: 'expiresAt', label: 'Expires', type: 'datetime' },
];

/** Every field a view may show: the record's own, then the form's (images and presentation left out). */
export function outputFields(schema: FormSchema): DocumentField[] {
  const own = schema.fields.flatMap((f) => {
    const type = outputType(f);
    return type ? [{ key: f.key, label: f.label, type }] : [];
  });
  return [...RECORD_FIELDS, ...own];
}

/** What screens get by default: the title, then the form's fields, within the players' bound. */
export const defaultFields = (schema: FormSchema) =>
  [RECORD_FIELDS[0]!, ...outputFields(schema).slice(RECORD_FIELDS.length)].slice(0, MAX_OUTPUT_FIELDS).map((f) => f.key);

const TimeFilterSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    startField: Type.Optional(Type.String({ maxLength: 64 })),
    endField: Type.Optional(Type.String({ maxLength: 64 })),
    startBeforeNow: Type.Optional(Type.Boolean()),
    endAfterNow: Type.Optional(Type.Boolean()),
  },
  { description: 'Keeps records whose start field is not after now and whose end field is after now (an empty time passes).' },
);

export const ViewSchema = Type.Object({
  key: Type.String({ pattern: '^[a-z][a-z0-9_-]{0,79}$' }),
  name: Type.String({ minLength: 1, maxLength: 180, pattern: '\\S' }),
  includedStates: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 16, description: 'Default: the states that put records on air.' })),
  fieldFilters: Type.Optional(
    Type.Array(
      Type.Object({
        field: Type.String({ maxLength: 64 }),
        operator: Type.Union(['equals', 'not_equals', 'contains', 'empty', 'not_empty', 'greater_than', 'less_than'].map((o) => Type.Literal(o))),
        value: Type.Optional(Type.String({ maxLength: 240 })),
      }),
      { maxItems: 16 },
    ),
  ),
  sort: Type.Optional(
    Type.Array(Type.Object({ field: Type.String({ maxLength: 64 }), direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) }), { maxItems: 4 }),
  ),
  timeFilter: Type.Optional(TimeFilterSchema),
  outputFields: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: MAX_OUTPUT_FIELDS })),
  recordLimit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_OUTPUT_RECORDS, default: 100, description: '0 means the default, 100.' })),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, description: 'Where the view sits among the form’s views.' })),
});
/** A saved view as a form answers it, every part present (as the reference's console reads it). */
export const FormViewSchema = Type.Object({
  id: Uuid,
  key: ViewSchema.properties.key,
  name: ViewSchema.properties.name,
  includedStates: Type.Array(Type.String()),
  fieldFilters: Type.Array(Type.Object({ field: Type.String(), operator: Type.String(), value: Type.String() })),
  timeFilter: TimeFilterSchema,
  sort: Type.Array(Type.Object({ field: Type.String(), direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) })),
  outputFields: Type.Array(Type.String(), { description: 'Empty: the default fields (the title, then the form’s own).' }),
  recordLimit: Type.Integer(),
  position: Type.Integer(),
});

export interface View {
  key: string;
  name: string;
  includedStates?: string[];
  fieldFilters?: { field: string; operator: string; value?: string }[];
  sort?: { field: string; direction: 'asc' | 'desc' }[];
  timeFilter?: TimeFilter;
  outputFields?: string[];
  recordLimit?: number;
  position?: number;
}
interface TimeFilter {
  enabled: boolean;
  startField?: string;
  endField?: string;
  startBeforeNow?: boolean;
  endAfterNow?: boolean;
}

/**
 * The view a new form starts with: its records on air, its title and fields (within the players'
 * bound). A form started without fields (built afterwards, as the console does) keeps the default
 * fields (none stored), so the fields it is given reach screens.
 */
export const defaultView = (schema: FormSchema): Required<View> => ({
  key: 'approved',
  name: 'On air',
  includedStates: [],
  fieldFilters: [],
  sort: [],
  timeFilter: { enabled: false },
  outputFields: outputFields(schema).length > RECORD_FIELDS.length ? defaultFields(schema) : [],
  recordLimit: 100,
  position: 0,
});

/** How a view is stored: every part present, the name trimmed, no limit meaning the default (100). */
export const viewFields = (v: View): ViewFields => ({
  key: v.key,
  name: v.name.trim(),
  included_states: v.includedStates ?? [],
  field_filters: (v.fieldFilters ?? []).map((f) => ({ field: f.field, operator: f.operator, value: f.value ?? '' })),
  time_filter: v.timeFilter ?? { enabled: false },
  sort: v.sort ?? [],
  output_fields: v.outputFields ?? [],
  record_limit: v.recordLimit || 100,
  position: v.position ?? 0,
});

/** A stored view as a form answers it (FormViewSchema). */
export const viewWire = (r: ViewRow) => ({
  id: r.id,
  key: r.key,
  name: r.name,
  includedStates: r.included_states,
  fieldFilters: r.field_filters,
  timeFilter: r.time_filter,
  sort: r.sort,
  outputFields: r.output_fields,
  recordLimit: r.record_limit,
  position: r.position,
});

/** What is wrong with a view of this form (undefined when nothing). Pure. */
export function viewProblem(view: View, schema: FormSchema, workflow: Workflow): string | undefined {
  const keys = new Set(outputFields(schema).map((f) => f.key));
  const states = new Set(workflow.states.map((s) => s.key));
  const unknownState = view.includedStates?.find((s) => !states.has(s));
  if (unknownState) return `The workflow has no state “${unknownState}”.`;
  const named = [...(view.outputFields ?? []), ...(view.fieldFilters ?? []).map((f) => f.field), ...(view.sort ?? []).map((s) => s.field)];
  const unknownField = named.find((k) => !keys.has(k));
  if (unknownField) return `The form has no field “${unknownField}” screens can show.`;
  const times = new Set(outputFields(schema).flatMap((f) => (f.type === 'date' || f.type === 'datetime' ? [f.key] : [])));
  const time = view.timeFilter;
  const notTime = [time?.startField, time?.endField].find((k) => k && !times.has(k));
  return notTime ? `The time filter’s “${notTime}” is not a date or time field.` : undefined;
}

function recordValue(r: RecordRow, key: string): FieldValue | undefined {
  switch (key) {
    case 'displayTitle':
      return r.display_title || undefined;
    case 'state':
      return r.state;
    case 'priority':
      return r.priority;
    case 'submittedAt':
      return r.created_at.toISOString();
    case 'displayAt':
      return r.display_at?.toISOString();
    case 'expiresAt':
      return r.expires_at?.toISOString();
    default:
      return ownValue(r.values, key);
  }
}

function typed(type: DocumentField['type'], v: FieldValue): DocumentValue {
  if (Array.isArray(v)) return { kind: 'text', text: v.join(', ') };
  switch (type) {
    case 'number':
      return { kind: 'number', number: Number(v) };
    case 'integer':
      return { kind: 'integer', integer: Number(v) };
    case 'boolean':
      return { kind: 'boolean', boolean: v === true };
    case 'date':
      return { kind: 'date', date: String(v) };
    case 'datetime':
      return { kind: 'datetime', datetime: String(v) };
    case 'url':
      return { kind: 'url', url: String(v) };
    default:
      return { kind: 'text', text: String(v) };
  }
}

const compare = (a: FieldValue | undefined, b: FieldValue | undefined) => {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
};

/** Whether a record is within the time filter at `now`: started (or no start), not yet ended (or no end). */
function inTime(r: RecordRow, filter: TimeFilter | undefined, now: Date): boolean {
  if (!filter?.enabled) return true;
  const at = (key: string | undefined) => {
    const v = key ? recordValue(r, key) : undefined;
    const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
    return Number.isFinite(t) ? t : undefined;
  };
  const start = filter.startBeforeNow ? at(filter.startField) : undefined;
  const end = filter.endAfterNow ? at(filter.endField) : undefined;
  return (start === undefined || start <= now.getTime()) && (end === undefined || end > now.getTime());
}

function passes(r: RecordRow, f: { field: string; operator: string; value?: string }): boolean {
  const v = recordValue(r, f.field);
  const text = v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v);
  const wanted = f.value ?? '';
  switch (f.operator) {
    // Exact, as the reference has it; only `contains` ignores case.
    case 'equals':
      return text === wanted;
    case 'not_equals':
      return text !== wanted;
    case 'contains':
      return text.toLowerCase().includes(wanted.toLowerCase());
    case 'empty':
      return text === '';
    case 'not_empty':
      return text !== '';
    default: {
      const [n, m] = [Number(text), Number(wanted)];
      if (text === '' || !Number.isFinite(n) || !Number.isFinite(m)) return false;
      return f.operator === 'greater_than' ? n > m : n < m;
    }
  }
}

/**
 * A view's dataset of the records on air (already filtered to their states and times): typed
 * values, filtered, sorted and cut to the view's limit. Pure.
 */
export function viewDataset(view: View, schema: FormSchema, records: RecordRow[], now: Date): DataDocument['datasets'][number] {
  const all = new Map(outputFields(schema).map((f) => [f.key, f]));
  const fields = (view.outputFields?.length ? view.outputFields : defaultFields(schema)).flatMap((k) => (all.has(k) ? [all.get(k)!] : []));
  let kept = records.filter(
    (r) =>
      (!view.includedStates?.length || view.includedStates.includes(r.state)) &&
      (view.fieldFilters ?? []).every((f) => passes(r, f)) &&
      inTime(r, view.timeFilter, now),
  );
  for (const rule of [...(view.sort ?? [])].reverse()) {
    kept = [...kept].sort((a, b) => (rule.direction === 'asc' ? 1 : -1) * compare(recordValue(a, rule.field), recordValue(b, rule.field)));
  }
  return {
    id: view.key,
    kind: 'records',
    fields,
    records: kept.slice(0, view.recordLimit || 100).map((r) => ({
      id: r.id,
      values: Object.fromEntries(
        fields.flatMap((f) => {
          const v = recordValue(r, f.key);
          return v === undefined ? [] : [[f.key, typed(f.type, v)]];
        }),
      ),
    })),
    // Records change when people act on them, and the output is rebuilt then: never stale.
    cache: { cachedAt: now.toISOString(), staleAt: null, usingCachedData: false, unavailable: false },
  };
}
