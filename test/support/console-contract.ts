import { type TSchema, Type } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'chai';

/**
 * The reference console's view of our answers. Each family's fixture in `test/fixtures/console-types/`
 * restates, from reading the reference's `apps/dashboard/src/api/types.ts`, the fields its console
 * reads: their types, which may be null and which are always present. Extra fields are allowed (the
 * console ignores them); a missing field, a wrong type or a null where the console's type has none
 * fails, so a later change cannot drift back.
 */
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const compiled = new WeakMap<TSchema, ValidateFunction>();

export function expectConsoleShape(value: unknown, schema: TSchema, what: string): void {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(value)) return;
  const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  expect.fail(`${what} does not match the reference console's type: ${problems}`);
}

/** `T | null` in the reference's types. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The reference's paged list: `{ items, total, page, pageSize }`. */
export const PagedList = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer({ minimum: 0 }), page: Type.Integer({ minimum: 1 }), pageSize: Type.Integer({ minimum: 1 }) });
