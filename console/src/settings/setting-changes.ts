// The settings form's bookkeeping, with no React: which values changed, how the settings group, and
// which field each of the server's complaints is about.

export type SettingValue = boolean | number | string | number[] | string[];

const same = (a: SettingValue | undefined, b: SettingValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** The values that differ from the document's, to send in a PATCH (nothing else is touched). */
export function changedValues(saved: Record<string, SettingValue>, edited: Record<string, SettingValue>): Record<string, SettingValue> {
  return Object.fromEntries(Object.entries(edited).filter(([key, value]) => !same(saved[key], value)));
}

/** Definitions grouped by category, categories in the order they first appear. */
export function byCategory<D extends { category: string }>(definitions: readonly D[]): [string, D[]][] {
  const groups = new Map<string, D[]>();
  for (const def of definitions) groups.set(def.category, [...(groups.get(def.category) ?? []), def]);
  return [...groups];
}

/** `content_health` → `Content health`: a category the catalog has no name for still reads well. */
export const humanize = (key: string) => {
  const words = key.replace(/[_.-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

interface FieldIssue {
  field: string;
  message: string;
}

/** `error.details.fields` of a 422 (`body/values/<key>`) as messages per setting key. */
export function settingErrors(details: unknown): Record<string, string> {
  const fields = (details as { fields?: FieldIssue[] } | undefined)?.fields ?? [];
  const errors: Record<string, string> = {};
  for (const { field, message } of fields) {
    const key = field.startsWith('body/values/') ? field.slice('body/values/'.length) : undefined;
    if (key) errors[key] = message;
  }
  return errors;
}
