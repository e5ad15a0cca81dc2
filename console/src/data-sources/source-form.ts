// A provider's configuration form, with no React: the provider's JSON schema (from the content
// definitions) as react-jsonschema-form draws it, less what other parts of the page edit.
import { formSchema, type JsonSchema } from '../plugins/instance-forms';

/**
 * Edited elsewhere: the mapping (its own step, from an inspection), a table's rows (the grid), an
 * uploaded file and its read-only flag (the API keeps them; a file is not typed into a form).
 */
const ELSEWHERE = ['mapping', 'rows', 'uploadedContent', 'uploaded'];

export function sourceFormSchema(jsonSchema: Record<string, unknown>): JsonSchema {
  const schema = formSchema(jsonSchema as JsonSchema);
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([key]) => !ELSEWHERE.includes(key)));
  return { ...schema, properties, required: (schema.required ?? []).filter((key) => !ELSEWHERE.includes(key)) };
}

/** The configuration with the form's part replaced and everything it does not edit kept. */
export function withFormPart(configuration: Record<string, unknown>, formValue: Record<string, unknown>): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(configuration).filter(([key]) => ELSEWHERE.includes(key)));
  return { ...formValue, ...kept };
}

/** What the form shows of a stored configuration: everything but what other parts of the page edit. */
export function formPart(configuration: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(configuration).filter(([key]) => !ELSEWHERE.includes(key) && key !== 'data'));
}
