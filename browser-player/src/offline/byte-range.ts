/** One span of a file, both ends included (as `Content-Range` writes them). */
export interface ByteSpan {
  start: number;
  end: number;
}

/**
 * The span a `Range` header asks of a file of `size` bytes: undefined when the header is absent, not
 * in bytes or asks for several ranges (answered with the whole file, which HTTP allows);
 * `unsatisfiable` when it starts past the end (416). Video elements ask `bytes=N-`; seeking near the
 * end, `bytes=-N`.
 */
export function parseRange(header: string | null, size: number): ByteSpan | 'unsatisfiable' | undefined {
  const match = header === null ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return undefined;
  return { start, end };
}
