// Pure rules of the form builder and the record editor (no imports: unit tests load this file alone).

export type Control =
  | 'short_text'
  | 'long_text'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'multi_select'
  | 'date'
  | 'datetime'
  | 'url'
  | 'image'
  | 'section'
  | 'help_text';
export interface FieldOption {
  value: string;
  label: string;
}
/** A field of a form definition, as the API has it. */
export interface FormField {
  key: string;
  label: string;
  description?: string;
  control: Control;
  required?: boolean;
  default?: string;
  options?: FieldOption[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** The controls the server accepts, in the order the builder offers them. */
export const CONTROLS: readonly Control[] = [
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
];

/** Keys the record itself has: the server refuses them as field keys. */
const RESERVED = new Set(['id', 'state', 'displayTitle', 'priority', 'submittedAt', 'displayAt', 'expiresAt']);

/** Whether a field holds a value (sections and help text only present the form). */
export const holdsValue = (control: Control) => control !== 'section' && control !== 'help_text';
export const hasOptions = (control: Control) => control === 'select' || control === 'multi_select';
export const isNumeric = (control: Control) => control === 'number' || control === 'integer';
export const isText = (control: Control) => control === 'short_text' || control === 'long_text';

/** Lower-case words joined by underscores, starting with a letter: what both field keys and option values may be. */
export function slugOf(label: string, fallback: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  const slug = (words ?? []).join('_').slice(0, 60);
  return /^[a-z]/.test(slug) ? slug : `${fallback}${slug ? `_${slug}` : ''}`.slice(0, 60);
}

/** A key for a new field from its label: unique among `taken` and never one of the record's own. Pure. */
export function fieldKeyFor(label: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = slugOf(label, 'field');
  let key = base;
  for (let n = 2; used.has(key) || RESERVED.has(key); n++) key = `${base}_${n}`;
  return key;
}

/** A new field of a control, keyed after the ones the form has. Pure. */
export function newField(control: Control, label: string, taken: Iterable<string>): FormField {
  const field: FormField = { key: fieldKeyFor(label, taken), label, control };
  if (hasOptions(control)) field.options = [{ value: 'option_1', label: 'Option 1' }];
  return field;
}

/** Options from their labels, keeping the value an unchanged label had (records store values). Pure. */
export function optionsFromLabels(labels: string[], before: FieldOption[] = []): FieldOption[] {
  const byLabel = new Map(before.map((o) => [o.label, o.value]));
  const taken = new Set<string>();
  return labels
    .map((l) => l.trim())
    .filter(Boolean)
    .map((label) => {
      let value = byLabel.get(label) ?? slugOf(label, 'option');
      for (let n = 2; taken.has(value); n++) value = `${slugOf(label, 'option')}_${n}`;
      taken.add(value);
      return { value, label };
    });
}

/**
 * What a record's values are sent as: only fields that hold a value the client may set (images are
 * uploaded on their own), empty ones left out. Pure.
 */
export function valuesToSend(fields: FormField[], values: Record<string, unknown>): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const f of fields) {
    if (!holdsValue(f.control) || f.control === 'image') continue;
    const v = values[f.key];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    sent[f.key] = v;
  }
  return sent;
}

/** Whether the draft differs from what is published (so there is something to publish). Pure. */
export const hasUnpublishedChanges = (form: { draftSchema: { fields: FormField[] }; publishedRevision?: { schema: { fields: FormField[] } } }) =>
  !form.publishedRevision || JSON.stringify(form.publishedRevision.schema.fields) !== JSON.stringify(form.draftSchema.fields);

/** A stored value as a person reads it: option labels for choices, the words given for yes and no. Pure. */
export function valueText(field: FormField, value: unknown, words: { yes: string; no: string }): string {
  if (value === undefined || value === null || value === '') return '';
  const label = (v: unknown) => field.options?.find((o) => o.value === v)?.label ?? String(v);
  if (field.control === 'boolean') return value === true ? words.yes : words.no;
  if (field.control === 'select') return label(value);
  if (Array.isArray(value)) return value.map(label).join(', ');
  return String(value);
}
