import { Type, type TSchema } from '@sinclair/typebox';

// The shapes every module's routes share, defined once.

export const Uuid = Type.String({ format: 'uuid' });

/** A moment on the wire: an RFC 3339 date and time. */
export const Stamp = Type.String({ format: 'date-time' });

/** `{ id }` path parameters. */
export const IdParams = Type.Object({ id: Uuid });

/** A value or `null`. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/**
 * The entries of `o` that hold a value (neither null nor undefined): a field the reference's console
 * types as optional is left out when there is nothing, never sent as null.
 */
export const present = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v != null)) as { [K in keyof T]?: NonNullable<T[K]> };

/** How a moment is written on the wire: ISO 8601 in UTC, or null. */
export const isoOrNull = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/**
 * The one paging rule for console lists: `page` from 1 and `pageSize` up to 100, answered as
 * `{ items, total, page, pageSize }`. (Append-only logs such as proof of play page by cursor instead.)
 */
export const MAX_PAGE_SIZE = 100;

export const pageQuery = (defaultPageSize: number) => ({
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: defaultPageSize }),
});

export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer({ minimum: 0 }), page: Type.Integer(), pageSize: Type.Integer() });

/**
 * The one sort rule for libraries people name (playlists, layouts, data sources): by name, most
 * recently changed first, or oldest first.
 */
export const LIBRARY_SORTS = ['name', 'updated', 'oldest'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export const librarySortQuery = (defaultSort: LibrarySort) => ({
  sort: Type.Optional(
    Type.Union(
      LIBRARY_SORTS.map((s) => Type.Literal(s)),
      { default: defaultSort, description: 'By name, most recently changed first, or oldest first.' },
    ),
  ),
});
