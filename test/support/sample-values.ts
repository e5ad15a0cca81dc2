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
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
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
