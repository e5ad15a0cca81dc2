import { $api } from '../api/client';
import { assetQueryOf, type LibraryFilters, nextPageOf } from './library-query';

/** The library's assets for `filters`, a page at a time (more as the person asks for them). */
export function useAssetPages(filters: LibraryFilters) {
  const query = $api.useInfiniteQuery(
    'get',
    '/api/v1/assets',
    { params: { query: assetQueryOf(filters) } },
    { pageParamName: 'page', initialPageParam: 1, getNextPageParam: (last) => nextPageOf(last.data) },
  );
  const pages = query.data?.pages ?? [];
  return { ...query, assets: pages.flatMap((p) => p.data.items), total: pages[0]?.data.total };
}
