import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Puts what the server answered to a change in place of a cached read. A read still on its way may
 * have been answered before the change was stored: it is cancelled first, or it would land after
 * this and show the old state until the next refresh.
 */
export async function showAnswer(client: QueryClient, queryKey: QueryKey, data: unknown): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, data);
}
