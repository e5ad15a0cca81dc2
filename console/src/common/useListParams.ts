import { useCallback, useMemo } from 'react';
import { useAddressParams } from './useAddressParams';
import { changed, type LibrarySort, type ListParams, listParamsFrom, searchParamsOf } from './list-params';

/** A library list's search, sort and page, kept in the address bar. */
export function useListParams(defaultSort: LibrarySort): [ListParams, (change: Partial<ListParams>) => void] {
  const [params, setParams] = useAddressParams();
  const list = useMemo(() => listParamsFrom(params, defaultSort), [params, defaultSort]);
  const update = useCallback(
    // Typing replaces the entry (one back-button step per search, not per letter); sort and page add one.
    (change: Partial<ListParams>) =>
      setParams((current) => searchParamsOf(changed(listParamsFrom(current, defaultSort), change), defaultSort), { replace: 'search' in change }),
    [setParams, defaultSort],
  );
  return [list, update];
}
