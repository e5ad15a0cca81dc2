import { useQueryClient } from '@tanstack/react-query';
import { EDITORIAL } from '../events/messages';

/**
 * After a submission or publication moved: the inbox, the histories and the content pages read
 * again at once (the console events follow for the other consoles).
 */
export function useRefreshEditorial() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => EDITORIAL.some((p) => String(q.queryKey[1]).startsWith(p)) });
}
