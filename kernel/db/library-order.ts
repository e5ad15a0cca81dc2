import type { LibrarySort } from '../http/wire.js';

/**
 * The ORDER BY of a library list for `sort`, on the table known as `alias` (with `name`,
 * `updated_at`, `created_at` and `id`); the id last, so pages never overlap.
 */
export function libraryOrder(sort: LibrarySort, alias: string): string {
  if (sort === 'updated') return `${alias}.updated_at DESC, ${alias}.id`;
  if (sort === 'oldest') return `${alias}.created_at, ${alias}.id`;
  return `lower(${alias}.name), ${alias}.id`;
}
