import { useQueryClient } from '@tanstack/react-query';

/** Makes every cached data-source read stale (the list, a source, its outputs and diagnostics). */
export function useInvalidateSources() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1] ?? '').startsWith('/api/v1/data-sources') });
}
