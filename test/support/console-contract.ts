import { type TSchema, Type } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, setUpOwner, type ConsoleSession } from './console-client.js';
import { bootTestKernel, type TestKernel, type TestKernelOptions } from './test-kernel.js';

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

/**
 * A contract test's console: a kernel of its own (booted before the suite's tests, stopped after)
 * with its first Owner signed in, and `call`, which expects a success and answers its data.
 */
export function consoleUnderTest(options: TestKernelOptions = { plugins: coreModules }) {
  const state = {} as { k: TestKernel; owner: ConsoleSession };
  before(async () => {
    state.k = await bootTestKernel(options);
    state.owner = await setUpOwner(state.k);
  });
  after(() => state.k?.stop());
  return {
    get k() {
      return state.k;
    },
    get owner() {
      return state.owner;
    },
    call: async (method: string, path: string, body?: unknown) => {
      const res = await consoleCall(state.k, state.owner, method, path, body);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).to.be.within(200, 204);
      return res.body?.data;
    },
  };
}
