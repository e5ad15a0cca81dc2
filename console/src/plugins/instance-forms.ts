// A plugin's instance form, from the server's own OpenAPI document, with no React: which plugins have
// instances and the JSON schema of their configuration, made friendlier for a generated form, and
// the server's complaints placed at the fields they name.

export type JsonSchema = { [key: string]: unknown; properties?: Record<string, JsonSchema>; required?: string[] };

export interface InstanceCollection {
  /** The path segment: `countdown-bar`. */
  plugin: string;
  /** The catalog id: `countdown_bar`. */
  catalogId: string;
  /** `/api/v1/plugins/countdown-bar/instances`. */
  path: string;
  /** The JSON schema of a create (and of a whole replace). */
  schema: JsonSchema;
}

const COLLECTION = /^\/api\/v1\/plugins\/([a-z][a-z0-9]*(?:[_-][a-z0-9]+)*)\/instances$/;

/** Every plugin instance collection the document describes, by the plugin's catalog id. */
export function instanceCollections(document: { paths?: Record<string, unknown> }): Map<string, InstanceCollection> {
  const found = new Map<string, InstanceCollection>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const plugin = COLLECTION.exec(path)?.[1];
    const schema = (item as { post?: { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } } }).post?.requestBody?.content?.['application/json']
      ?.schema;
    if (!plugin || !schema) continue;
    const catalogId = plugin.replace(/-/g, '_');
    found.set(catalogId, { plugin, catalogId, path, schema: formSchema(schema) });
  }
  return found;
}

/** `leadTimeSeconds` → `Lead time seconds`. */
export const titleOf = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isNull = (s: unknown) => (s as JsonSchema | undefined)?.type === 'null';

/**
 * The schema as a form shows it well: every property titled, `X or null` as a nullable X, a choice
 * of constants as an enum (a select), and the OpenAPI-only number formats (`int32`, `int64`) left out since their bounds already say it.
 */
export function formSchema(schema: JsonSchema, key?: string): JsonSchema {
  let out: JsonSchema = { ...schema };
  const alternatives = out.anyOf as JsonSchema[] | undefined;
  if (alternatives?.length === 2 && alternatives.some(isNull)) {
    const { anyOf: _, ...rest } = out;
    const other = alternatives.find((a) => !isNull(a)) as JsonSchema;
    out = { ...other, ...rest, type: [other.type, 'null'] };
  }
  const choices = (out.anyOf ?? out.oneOf) as JsonSchema[] | undefined;
  if (choices?.length && choices.every((c) => 'const' in c)) {
    const { anyOf: _a, oneOf: _o, ...rest } = out;
    out = { type: choices[0]?.type ?? 'string', ...rest, enum: choices.map((c) => c.const) };
  }
  if (out.format === 'int32' || out.format === 'int64') delete out.format;
  if (key && !out.title) out.title = titleOf(key);
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, s]) => [k, formSchema(s, k)]));
  if (out.items && typeof out.items === 'object') out.items = formSchema(out.items as JsonSchema);
  return out;
}

/** A new instance's starting values (of a `formSchema`): false for required switches, empty lists, the first choice of a required choice. */
export function initialValues(schema: JsonSchema): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of schema.required ?? []) {
    const property = schema.properties?.[key];
    if (!property) continue;
    if (property.type === 'boolean') values[key] = false;
    else if (property.type === 'array') values[key] = [];
    else if (Array.isArray(property.enum)) values[key] = property.enum[0];
  }
  return values;
}

/** The fields of an instance view the form edits: what the schema has, none of id, revision or times. */
export function editableValues(schema: JsonSchema, view: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(view).filter(([key, value]) => key in (schema.properties ?? {}) && value !== undefined));
}

export type ErrorTree = { __errors?: string[]; [key: string]: unknown };

/**
 * `error.details.fields` of a 422 (`body/targetTime`, `body/daysOfWeek/0`) as a tree the form shows
 * at each field, and the messages that name no field of the form (to show above it).
 */
export function placeErrors(details: unknown, schema: JsonSchema): { tree: ErrorTree; unplaced: string[] } {
  const fields = (details as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
  const tree: ErrorTree = {};
  const unplaced: string[] = [];
  for (const { field, message } of fields) {
    const [root, top, ...rest] = field.split('/');
    if (root !== 'body' || !top || !(top in (schema.properties ?? {}))) {
      unplaced.push(message);
      continue;
    }
    let node = tree;
    for (const part of [top, ...rest]) {
      node[part] ??= {};
      node = node[part] as ErrorTree;
    }
    node.__errors = [...(node.__errors ?? []), message];
  }
  return { tree, unplaced };
}
