import { useCallback, useMemo } from 'react';
import { useAddressParams } from '../common/useAddressParams';
import { filtersFromSearchParams, type ScreenFilters, searchParamsFromFilters } from './screen-filters';

/** The screens list's filters, kept in the address bar: shareable, and the back button undoes a change. */
export function useScreenFilters(): [ScreenFilters, (change: Partial<ScreenFilters>) => void] {
  const [params, setParams] = useAddressParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const update = useCallback(
    (change: Partial<ScreenFilters>) => setParams((current) => searchParamsFromFilters({ ...filtersFromSearchParams(current), ...change })),
    [setParams],
  );
  return [filters, update];
}
