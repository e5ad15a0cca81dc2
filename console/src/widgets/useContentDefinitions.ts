import { $api } from '../api/client';

/** Every widget and data-source type the server offers; it changes only with the server's plugins. */
export function useContentDefinitions() {
  const query = $api.useQuery('get', '/api/v1/content-definitions', {}, { staleTime: 5 * 60_000 });
  return { ...query, data: query.data?.data };
}
