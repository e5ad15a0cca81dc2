import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

// The reads a change to a form or a record can make stale (the generated client's query keys are [method, path, …]).
const FORM_READS = ['/api/v1/forms', '/api/v1/data-sources/{id}/form', '/api/v1/data-sources/{id}/records', '/api/v1/approvals'];

/** Refetches what shows forms and records, after one of our own changes (others' arrive as `resource.changed`). */
export function useRefreshForms() {
  const client = useQueryClient();
  return useCallback(
    () =>
      client.invalidateQueries({
        predicate: (q) => typeof q.queryKey[1] === 'string' && FORM_READS.some((p) => (q.queryKey[1] as string).startsWith(p)),
      }),
    [client],
  );
}
