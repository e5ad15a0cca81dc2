/**
 * HTTP conditional and range logic for serving stored files (RFC 9110 §13 and §14), as pure
 * functions so every branch has a fast unit test. What it answers mirrors Go's http.ServeContent,
 * which the reference serves files with, except for two documented choices:
 *  - several ranges in one request (`bytes=0-1,5-6`) are answered with the whole file (200), which
 *    RFC 9110 §14.2 allows; multipart/byteranges is rarely used by players and browsers and would
 *    complicate streaming for no gain;
 *  - a malformed Range header is ignored (200 with the whole file), as §14.2 asks, where Go answers 416.
 */

/** Inclusive byte positions, as Range and Content-Range use. */
export interface ByteSpan {
  start: number;
  end: number;
}

export type RangeRequest =
  | { kind: 'none' } // no Range header, or one to ignore
  | { kind: 'single'; span: ByteSpan }
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/** Reads a `Range` header against an object of `size` bytes. */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'none' };
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'none' };
  // Empty list elements are allowed (`bytes=0-1,`) and skipped.
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (specs.length === 0) return { kind: 'none' };
  const parsed: RangeRequest[] = [];
  for (const spec of specs) {
    const m = SPEC.exec(spec);
    if (!m || (m[1] === '' && m[2] === '')) return { kind: 'none' };
    const [, first, last] = m as unknown as [string, string, string];
    if (first === '') {
      const suffix = Number(last);
      parsed.push(suffix === 0 || size === 0 ? { kind: 'unsatisfiable' } : { kind: 'single', span: { start: Math.max(0, size - suffix), end: size - 1 } });
      continue;
    }
    const start = Number(first);
    if (last !== '' && Number(last) < start) return { kind: 'none' }; // invalid, not unsatisfiable (§14.1.1)
    const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    parsed.push(start >= size ? { kind: 'unsatisfiable' } : { kind: 'single', span: { start, end } });
  }
  if (parsed.length > 1) return parsed.every((p) => p.kind === 'unsatisfiable') ? { kind: 'unsatisfiable' } : { kind: 'none' };
  return parsed[0]!;
}

const ENTITY_TAG = /\s*(W\/)?("[^"]*")\s*(,|$)/gy;

/** The entity tags of an If-Match / If-None-Match list, or `*`; undefined when the header is malformed. */
export function parseEntityTags(header: string): '*' | { weak: boolean; tag: string }[] | undefined {
  if (header.trim() === '*') return '*';
  const tags: { weak: boolean; tag: string }[] = [];
  ENTITY_TAG.lastIndex = 0;
  while (ENTITY_TAG.lastIndex < header.length) {
    const m = ENTITY_TAG.exec(header);
    if (!m) break;
    tags.push({ weak: Boolean(m[1]), tag: m[2]! });
  }
  return ENTITY_TAG.lastIndex === header.length || header.trim() === '' ? tags : undefined;
}

/** Strong comparison when `strong`, else weak (a `W/` prefix on either side is ignored). */
export function etagMatches(header: string, etag: string, strong: boolean): boolean {
  const tags = parseEntityTags(header);
  if (tags === '*') return true;
  return (tags ?? []).some((t) => t.tag === etag && !(strong && t.weak));
}

/** HTTP dates carry whole seconds; compare at that precision or a fresh copy looks modified. */
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function httpDate(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : Math.floor(t / 1000);
}

export interface RequestConditions {
  method: string;
  range?: string;
  ifRange?: string;
  ifMatch?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  ifUnmodifiedSince?: string;
}

export interface FileValidators {
  size: number;
  /** A strong entity tag, quoted: the content's SHA-256 hex. */
  etag: string;
  lastModified: Date;
}

export type FilePlan =
  | { status: 200; span: ByteSpan | undefined } // undefined: an empty file
  | { status: 206; span: ByteSpan }
  | { status: 304 }
  | { status: 412 }
  | { status: 416 };

/** Whether an If-Range validator still names the current representation (strong match only). */
function ifRangeHolds(ifRange: string, v: FileValidators): boolean {
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return !value.startsWith('W/') && value === v.etag;
  return httpDate(value) === seconds(v.lastModified);
}

/** What to answer a GET or HEAD for a file, in RFC 9110 §13.2.2 order. */
export function planFileResponse(c: RequestConditions, v: FileValidators): FilePlan {
  const lastModified = seconds(v.lastModified);
  if (c.ifMatch !== undefined) {
    if (!etagMatches(c.ifMatch, v.etag, true)) return { status: 412 };
  } else {
    const since = httpDate(c.ifUnmodifiedSince);
    if (since !== undefined && lastModified > since) return { status: 412 };
  }
  if (c.ifNoneMatch !== undefined) {
    if (etagMatches(c.ifNoneMatch, v.etag, false)) return { status: 304 };
  } else {
    const since = httpDate(c.ifModifiedSince);
    if (since !== undefined && lastModified <= since) return { status: 304 };
  }
  const whole = { status: 200 as const, span: v.size > 0 ? { start: 0, end: v.size - 1 } : undefined };
  if (!c.range || (c.ifRange !== undefined && !ifRangeHolds(c.ifRange, v))) return whole;
  const range = parseRange(c.range, v.size);
  if (range.kind === 'unsatisfiable') return { status: 416 };
  if (range.kind === 'none') return whole;
  // A range that covers the whole file is still a 206: the client asked for a range.
  return { status: 206, span: range.span };
}

export const spanLength = (span: ByteSpan | undefined) => (span ? span.end - span.start + 1 : 0);
