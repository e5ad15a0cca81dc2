import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Context } from 'koa';
import { getOrSet } from '../../kernel/collections.js';

/**
 * Checks every answer a test kernel gives against the operation it documents in `openapi.json`:
 * the status is declared, the content type is one the status declares, and a JSON body matches
 * the declared schema. Mismatches are kept, with the test that caused them, until the run ends
 * (see `global-setup.ts`), so a route can never drift from its document without failing the suite.
 */

interface MediaType {
  schema?: unknown;
}
interface ResponseDoc {
  content?: Record<string, MediaType>;
}
interface OperationDoc {
  responses: Record<string, ResponseDoc>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, unknown> };
}

/** Each mismatch, with the first test that caused it. */
const mismatches = new Map<string, string>();
let currentTest = '';

export function setCurrentTest(title: string): void {
  currentTest = title;
}

/** The mismatches seen since the last call. */
export function takeMismatches(): string[] {
  const found = [...mismatches].map(([mismatch, test]) => `${mismatch} (first in "${test}")`);
  mismatches.clear();
  return found;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

function inlineRefs(node: unknown, doc: OpenApiDoc): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(n, doc));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: string }).$ref;
  if (ref?.startsWith('#/components/schemas/')) return inlineRefs(doc.components.schemas[ref.slice('#/components/schemas/'.length)], doc);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inlineRefs(v, doc)]));
}

function validatorFor(media: MediaType, doc: OpenApiDoc): ValidateFunction {
  return getOrSet(compiled, media, () => ajv.compile(inlineRefs(media.schema, doc) as object));
}

/** `image/webp` is declared by `image/webp` (parameters aside), `image/*` or `*\/*`. */
function declaredMedia(content: Record<string, MediaType>, type: string): MediaType | undefined {
  const [major] = type.split('/');
  const byEssence = new Map(Object.entries(content).map(([key, media]) => [key.split(';')[0]!.trim().toLowerCase(), media]));
  return byEssence.get(type) ?? byEssence.get(`${major}/*`) ?? byEssence.get('*/*');
}

function jsonOf(body: unknown): unknown {
  if (Buffer.isBuffer(body)) return JSON.parse(body.toString('utf8'));
  if (typeof body === 'string') return JSON.parse(body);
  return body;
}

function problem(ctx: Context, doc: OpenApiDoc): string | undefined {
  const koaPath = ctx._matchedRoute;
  if (typeof koaPath !== 'string') return undefined; // not routed: 404/405 answers belong to no operation
  const path = koaPath.replace(/:(\w+)/g, '{$1}');
  const operations = doc.paths[path];
  if (!operations) return `${ctx.method} ${path}: the path is not in the document`;
  const method = ctx.method.toLowerCase();
  const operation = operations[method] ?? (method === 'head' ? operations.get : undefined);
  if (!operation) return `${ctx.method} ${path}: the method is not in the document`;
  const where = `${ctx.method} ${path} → ${ctx.status}`;
  const response = operation.responses[String(ctx.status)];
  if (!response) return `${where}: status not declared (declared: ${Object.keys(operation.responses).join(', ')})`;
  // HEAD answers carry no body on the wire, whatever Koa holds.
  if (ctx.status === 204 || ctx.status === 304 || ctx.status === 101 || ctx.method === 'HEAD') return undefined;
  const hasBody = ctx.body !== null && ctx.body !== undefined && ctx.body !== '';
  if (!hasBody) return undefined;
  const type = ctx.response.type;
  if (!response.content) return `${where}: a ${type} body where the document declares none`;
  const media = declaredMedia(response.content, type);
  if (!media) return `${where}: content type ${type} not declared (declared: ${Object.keys(response.content).join(', ')})`;
  if (type !== 'application/json' || !media.schema) return undefined;
  if (typeof (ctx.body as { pipe?: unknown }).pipe === 'function') return undefined; // a streamed JSON body is not read here
  const validate = validatorFor(media, doc);
  let body: unknown;
  try {
    body = jsonOf(ctx.body);
  } catch {
    return `${where}: the JSON body does not parse`;
  }
  if (!validate(body)) return `${where}: body does not match: ${ajv.errorsText(validate.errors)}`;
  return undefined;
}

/** A kernel `onResponse` hook checking each answer against the document `doc()` returns. */
export function responseChecker(doc: () => OpenApiDoc | undefined): (ctx: Context) => void {
  return (ctx) => {
    const document = doc();
    if (!document) return;
    const found = problem(ctx, document);
    if (found && !mismatches.has(found)) mismatches.set(found, currentTest);
  };
}
