import { randomUUID } from 'node:crypto';

type Schema = Record<string, any>;

/** A value that satisfies a (simple) JSON schema: enough to fill path params and build bodies. */
export function sampleValue(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const key of ['anyOf', 'oneOf']) if (schema[key]) return sampleValue(schema[key].find((s: Schema) => s.type !== 'null') ?? schema[key][0]);
  switch (schema.type) {
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'uri') return 'https://example.org/';
      if (schema.format === 'email') return 'someone@example.org';
      return schema.pattern ? matching(schema.pattern, schema.minLength ?? 1) : 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items));
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((k: string) => [k, sampleValue(schema.properties?.[k])]));
    default:
      return 'x';
  }
}

// Texts that satisfy the patterns the routes use (colors, names, times, identifiers, versions).
const PATTERN_SAMPLES = [
  'xyz',
  'sample.name',
  '#000000',
  '#000000ff',
  '08:00',
  '1.0.0',
  'a',
  'A1',
  'abc-def',
  'org.example.app',
  'x_y',
  'Europe/Paris',
  '00000000',
  // A SHA-256 in hex (fingerprints).
  '0'.repeat(64),
];

function matching(pattern: string, minLength: number): string {
  const re = new RegExp(pattern, 'u');
  const found = PATTERN_SAMPLES.find((s) => s.length >= minLength && re.test(s));
  if (found === undefined) throw new Error(`no sample text matches /${pattern}/: add one to PATTERN_SAMPLES`);
  return found;
}

/** A value of the wrong JSON type for the schema. */
export function wrongTyped(schema: Schema | undefined): unknown {
  switch (schema?.type) {
    case 'string':
      return 12345;
    case 'object':
      return 'not an object';
    default:
      return { wrong: 'type' };
  }
}

export function fillPath(path: string, params: Schema | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_m, name) => encodeURIComponent(String(sampleValue(params?.properties?.[name]))));
}

/** A string field somewhere in a schema: its path (property names, 0 for an array's item) and length limit. */
export interface StringField {
  path: (string | number)[];
  maxLength: number | undefined;
}

const stringBranch = (schema: Schema): Schema | undefined =>
  schema.type === 'string' ? schema : [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s: Schema) => s.type === 'string');

/** Every string field reachable through declared properties and array items (to `depth` levels). */
export function stringFields(schema: Schema | undefined, depth = 6, path: (string | number)[] = []): StringField[] {
  if (!schema || depth < 0) return [];
  const text = stringBranch(schema);
  if (text) return [{ path, maxLength: text.maxLength }];
  const object = schema.type === 'object' ? schema : [...(schema.anyOf ?? [])].find((s: Schema) => s.type === 'object');
  if (object) return Object.entries(object.properties ?? {}).flatMap(([name, s]) => stringFields(s as Schema, depth - 1, [...path, name]));
  const array = schema.type === 'array' ? schema : [...(schema.anyOf ?? [])].find((s: Schema) => s.type === 'array');
  if (array) return stringFields(array.items, depth - 1, [...path, 0]);
  return [];
}

/** A valid sample of `schema` with `value` put at `path`, filling what leads there. */
export function sampleWith(schema: Schema | undefined, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const array = schema?.type === 'array' ? schema : schema?.anyOf?.find((s: Schema) => s.type === 'array');
    return [sampleWith(array?.items, rest, value)];
  }
  const object = schema?.type === 'object' ? schema : schema?.anyOf?.find((s: Schema) => s.type === 'object');
  const base = (sampleValue(object) ?? {}) as Record<string, unknown>;
  return { ...base, [head!]: sampleWith(object?.properties?.[head!], rest, value) };
}
