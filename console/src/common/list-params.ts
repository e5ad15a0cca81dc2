/**
 * A library list's place as it lives in the address bar (`?q=…&sort=…&page=…`): shareable, and the
 * back button undoes a change. Pure: no React. Malformed values fall back to the defaults, so a
 * hand-edited address never makes the API refuse the page.
 */
export const LIBRARY_SORTS = ['name', 'updated', 'oldest'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export interface ListParams {
  search: string;
  sort: LibrarySort;
  page: number;
}

const SEARCH_MAX = 120;
const PAGE_MAX = 1_000_000;

export function listParamsFrom(params: URLSearchParams, defaultSort: LibrarySort): ListParams {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    search: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    sort: LIBRARY_SORTS.find((s) => s === sort) ?? defaultSort,
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1,
  };
}

/** The address for `list`: defaults left out, so a plain list is a plain path. */
export function searchParamsOf(list: ListParams, defaultSort: LibrarySort): URLSearchParams {
  const params = new URLSearchParams();
  if (list.search.trim()) params.set('q', list.search);
  if (list.sort !== defaultSort) params.set('sort', list.sort);
  if (list.page > 1) params.set('page', String(list.page));
  return params;
}

/** A change of search or sort starts again at the first page; a page change keeps the rest. */
export function changed(list: ListParams, change: Partial<ListParams>): ListParams {
  return { ...list, page: 1, ...change };
}

/** The list route's query: blank search left out. */
export function listQueryOf(list: ListParams, pageSize: number) {
  const search = list.search.trim();
  return { page: list.page, pageSize, sort: list.sort, ...(search ? { search } : {}) };
}
