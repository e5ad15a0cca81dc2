import { createHash } from 'node:crypto';

// Keys sorted at every level, undefined dropped: the same value always gives the same text,
// whatever order its objects were built in (jsonb, for one, reorders keys).
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The SHA-256 (hex) of a JSON value in canonical form: equal values, equal hashes. */
export const canonicalHash = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
