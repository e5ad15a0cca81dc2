/**
 * The screens list's filters as they live in the address bar (`?q=…&status=…&location=…`), and the
 * list route's query they stand for. Unknown or malformed values are dropped, so a hand-edited
 * address never makes the API refuse the page.
 */
export const SCREEN_STATUSES = ['online', 'recent', 'stale', 'offline', 'disabled', 'revoked'] as const;
export type ScreenStatus = (typeof SCREEN_STATUSES)[number];

export interface ScreenFilters {
  search: string;
  status?: ScreenStatus;
  locationId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEARCH_MAX = 120;

export function filtersFromSearchParams(params: URLSearchParams): ScreenFilters {
  const status = params.get('status');
  const location = params.get('location');
  return {
    search: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    status: SCREEN_STATUSES.includes(status as ScreenStatus) ? (status as ScreenStatus) : undefined,
    locationId: location && UUID.test(location) ? location : undefined,
  };
}

/** The address bar's form: only what is set, in a stable order. */
export function searchParamsFromFilters(filters: ScreenFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('q', filters.search);
  if (filters.status) params.set('status', filters.status);
  if (filters.locationId) params.set('location', filters.locationId);
  return params;
}

/** GET /api/v1/screens's query: blank search left out, pages of `pageSize`. */
export function listQuery(filters: ScreenFilters, pageSize: number) {
  const search = filters.search.trim();
  return {
    pageSize,
    ...(search ? { search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.locationId ? { locationId: filters.locationId } : {}),
  };
}

/** The next page to ask for, or undefined when every screen is loaded. */
export function nextPage(last: { page: number; pageSize: number; total: number }): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}
