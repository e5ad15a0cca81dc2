import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { validationFailed, type ValidationIssue } from '../errors.js';

// What PostgreSQL takes as a uuid (ajv-formats also accepts a `urn:uuid:` prefix, which it refuses).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function withFormats(ajv: Ajv): Ajv {
  addFormats.default(ajv);
  ajv.addFormat('uuid', UUID);
  // A moment JavaScript can read too: RFC 3339 allows a leap second (23:59:60), which Date cannot hold.
  const dateTime = addFormats.default.get('date-time') as { validate: (s: string) => boolean };
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => dateTime.validate(s) && Number.isFinite(Date.parse(s)) });
  // An integer's width is checked by the bounds inputSchema gives it; the format only names it for clients.
  ajv.addFormat('int32', true);
  ajv.addFormat('int64', true);
  return ajv;
}

// Bodies are taken as sent; params and query arrive as strings and are coerced to the declared types.
const bodyAjv = withFormats(new Ajv({ allErrors: true, strict: false, useDefaults: true }));
const stringInputAjv = withFormats(new Ajv({ allErrors: true, strict: false, useDefaults: true, coerceTypes: 'array' }));
// Responses keep only declared fields, so a field added to a row can never leak by accident.
const responseAjv = withFormats(new Ajv({ allErrors: false, strict: false, removeAdditional: 'all' }));

const compiledBy = new Map<Ajv, Map<string, ValidateFunction>>();

/**
 * Compiles each distinct schema once per process and instance: a kernel booted again in the same
 * process (as the tests do, dozens of times) reuses what the first compiled, instead of spending
 * half its start in ajv. Keyed by the schema's JSON, so equal schemas built anew still hit.
 */
function compile(ajv: Ajv, schema: object): ValidateFunction {
  const cache = compiledBy.get(ajv) ?? new Map<string, ValidateFunction>();
  compiledBy.set(ajv, cache);
  const key = JSON.stringify(schema);
  const validate = cache.get(key) ?? ajv.compile(schema);
  cache.set(key, validate);
  return validate;
}

/**
 * Closes every object schema that does not say otherwise, so unknown fields are refused.
 * Returns a plain-JSON copy (TypeBox's symbol keys dropped), which is also what OpenAPI shows.
 */
export function closeObjects(schema: TSchema): TSchema {
  const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    if (obj.type === 'object' && obj.properties && obj.additionalProperties === undefined) obj.additionalProperties = false;
    Object.values(obj).forEach(walk);
  };
  walk(copy);
  return copy as TSchema;
}

const INT4 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

/**
 * An input schema as validated and documented: objects closed (closeObjects) and every integer
 * bounded by the column that will hold it, so no route can forget. An integer is an int4 unless it
 * states wider bounds itself or says `format: 'int64'` (a bigint column), which is then bounded
 * where JavaScript still holds it exactly (2^53 - 1). Bounds a schema states stay.
 */
export function inputSchema(schema: TSchema): TSchema {
  const copy = closeObjects(schema);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    const types = [obj.type].flat();
    if (types.includes('integer')) {
      const wide = obj.format === 'int64' || (obj.maximum as number) > INT4.maximum || (obj.minimum as number) < INT4.minimum;
      obj.format ??= wide ? 'int64' : 'int32';
      obj.minimum ??= wide ? Number.MIN_SAFE_INTEGER : INT4.minimum;
      obj.maximum ??= wide ? Number.MAX_SAFE_INTEGER : INT4.maximum;
    }
    Object.values(obj).forEach(walk);
  };
  walk(copy);
  return copy;
}

export type Part = 'params' | 'query' | 'body';

function issues(part: Part, errors: ErrorObject[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map((e) => {
    const path = e.instancePath.replace(/^\//, '');
    const extra =
      e.keyword === 'required'
        ? (e.params as { missingProperty: string }).missingProperty
        : e.keyword === 'additionalProperties'
          ? (e.params as { additionalProperty: string }).additionalProperty
          : '';
    const field = [part, path, extra].filter(Boolean).join('/');
    const message = e.keyword === 'additionalProperties' ? 'is not a known field' : (e.message ?? 'is invalid');
    return { field, message };
  });
}

export type InputValidator = (value: unknown) => void;

/**
 * Set on an input schema (`{ [HANDLER_CLEANS_TEXT]: true }`) whose handler checks its items one by
 * one and makes their text storable itself, so that one bad item does not refuse the others (a
 * player's batch of events). Everything else is refused whole, below.
 */
export const HANDLER_CLEANS_TEXT = 'x-handler-cleans-text';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters PostgreSQL refuses.
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
// Almost all text has neither a NUL nor a surrogate; one character-class scan clears it.
const unstorable = (text: string) => SUSPECT.test(text) && (text.includes('\u0000') || LONE_SURROGATE.test(text));

/**
 * How deep a request may nest: more than any document the players take needs (a widget's
 * presentation tree is 24 nodes deep, two JSON levels a node), far less than jsonb holds.
 */
export const MAX_NESTING = 100;

/**
 * Whether `value` can be taken whole (see unstorablePlace). It allocates nothing, so the common
 * case costs one scan of each string; unstorablePlace then finds the place only for a refusal.
 * Recursion is bounded: it stops at MAX_NESTING.
 */
function storable(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return !unstorable(value);
  if (!value || typeof value !== 'object') return true;
  if (depth >= MAX_NESTING) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!storable(item, depth + 1)) return false;
    return true;
  }
  for (const key of Object.keys(value)) {
    if (unstorable(key) || !storable((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/**
 * The first place in `value` that cannot be taken: text PostgreSQL cannot store (a NUL, refused in
 * text and jsonb, or an unpaired UTF-16 surrogate, which has no UTF-8 encoding) in a string or an
 * object key, or nesting deeper than MAX_NESTING. Walked without recursion, however deep it is.
 */
function unstorablePlace(value: unknown, root: string): { path: string[]; message: string } | undefined {
  // Depth first in document order: children go on the stack last first.
  const pending: { value: unknown; path: string[]; key?: string }[] = [{ value, path: [root] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: v, path, key } = next;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters PostgreSQL refuses.
    if (key !== undefined && unstorable(key)) return { path: [...path.slice(0, -1), key.replace(/[\u0000\uD800-\uDFFF]/g, '?')], message: UNSTORABLE };
    if (typeof v === 'string') {
      if (unstorable(v)) return { path, message: UNSTORABLE };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (path.length > MAX_NESTING) return { path, message: `nests deeper than ${MAX_NESTING} levels` };
    const entries = Array.isArray(v) ? [...v.entries()] : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, item] = entries[i]!;
      pending.push({ value: item, path: [...path, String(k)], ...(typeof k === 'string' ? { key: k } : {}) });
    }
  }
  return undefined;
}
const UNSTORABLE = 'contains a character that cannot be stored (U+0000 or an unpaired surrogate)';

/**
 * Compiles a validator that throws 422 validation_failed naming the failing fields. Values that
 * arrive as text (params, query, form fields) are coerced to the declared types.
 */
export function inputValidator(part: Part, schema: TSchema, fromText = part !== 'body'): InputValidator {
  const ajv = fromText ? stringInputAjv : bodyAjv;
  const validate = compile(ajv, inputSchema(schema));
  const checkText = !(schema as Record<string, unknown>)[HANDLER_CLEANS_TEXT];
  return (value) => {
    if (!validate(value)) throw validationFailed(`The request ${part} is invalid.`, issues(part, validate.errors));
    const bad = checkText && !storable(value, 0) ? unstorablePlace(value, part) : undefined;
    if (bad) throw validationFailed(`The request ${part} is invalid.`, [{ field: bad.path.join('/'), message: bad.message }]);
  };
}

/** Validates and strips undeclared fields; a mismatch is a server bug, reported as such. */
export function responseValidator(schema: TSchema): (value: unknown) => void {
  const validate = compile(responseAjv, JSON.parse(JSON.stringify(schema)));
  return (value) => {
    if (!validate(value)) {
      const detail = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
      throw new Error(`response does not match its schema: ${detail}`);
    }
  };
}

/** A payload check for jobs (or socket messages: `what`): throws a plain Error (they are not HTTP). */
export function payloadValidator(name: string, schema: TSchema, what = 'payload of job'): (value: unknown) => void {
  const validate = compile(bodyAjv, closeObjects(schema));
  return (value) => {
    if (!validate(value)) {
      throw new Error(
        `${what} ${name} is invalid: ${issues('body', validate.errors)
          .map((i) => `${i.field.replace(/^body\/?/, '') || '/'} ${i.message}`)
          .join('; ')}`,
      );
    }
  };
}
