import { useCallback } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

type Change = (current: URLSearchParams) => URLSearchParams;

/**
 * The address's query, and a way to change it starting from what the address holds at that moment.
 * React Router's own updater starts from the query of the last render, so two changes made before the
 * page rendered again (a screen picked, then a range clicked) kept only the second.
 */
export function useAddressParams(): [URLSearchParams, (change: Change, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: Change, options?: NavigateOptions) => setParams(change(new URLSearchParams(window.location.search)), options),
    [setParams],
  );
  return [params, update];
}
