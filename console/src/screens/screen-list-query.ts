import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { filtersFromSearchParams, listQuery, nextPage, type ScreenFilters } from './screen-filters';

const PAGE_SIZE = 100;
const REFRESHED_PAGES = 3;

/** The screens list's pages: the same query whether the list asks or the app asks ahead of it. */
export function screenListQuery(filters: ScreenFilters) {
  const query = listQuery(filters, PAGE_SIZE);
  return infiniteQueryOptions({
    queryKey: ['get', '/api/v1/screens', { params: { query } }] as const,
    queryFn: async ({ pageParam, signal }) => {
      const { data, error } = await api.GET('/api/v1/screens', { params: { query: { ...query, page: pageParam } }, signal });
      if (error) throw error;
      return data;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => nextPage(last.data),
    // Asked ahead at start-up: not asked again as the list appears.
    staleTime: 10_000,
    // Statuses change: refresh the first pages now and then, never a whole scrolled-through fleet.
    refetchInterval: (q) => ((q.state.data?.pages.length ?? 0) <= REFRESHED_PAGES ? 30_000 : false),
  });
}

/**
 * On the way to the screens page (where a signed-in person lands), its first page of screens is
 * asked for as the app's code starts, alongside the sign-in status, not after the page has drawn.
 */
export function prefetchScreenList(client: QueryClient, at: Location): void {
  if (at.pathname !== '/' && at.pathname !== '/screens') return;
  void client.prefetchInfiniteQuery(screenListQuery(filtersFromSearchParams(new URLSearchParams(at.search))));
}
