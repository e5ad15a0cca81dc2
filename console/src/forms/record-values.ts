import type { FormField } from './form-fields';

/** A stored value as a person reads it: option labels for choices, the words given for yes and no. Pure. */
export function valueText(field: FormField, value: unknown, words: { yes: string; no: string }): string {
  if (value === undefined || value === null || value === '') return '';
  const label = (v: unknown) => field.options?.find((o) => o.value === v)?.label ?? String(v);
  if (field.control === 'boolean') return value === true ? words.yes : words.no;
  if (field.control === 'select') return label(value);
  if (Array.isArray(value)) return value.map(label).join(', ');
  return String(value);
}
