import { $api } from '../api/client';

/** How often an asset still being processed is asked for again. */
const POLL_MS = 1500;
const FINAL = new Set(['ready', 'failed']);

/**
 * An asset's processing status and progress, followed until it is ready or failed. Polling for
 * now: this hook is the one place to swap for the console's live events later.
 */
export function useProcessing(assetId: string | undefined) {
  const query = $api.useQuery(
    'get',
    '/api/v1/assets/{id}',
    { params: { path: { id: assetId ?? '' } } },
    {
      enabled: assetId !== undefined,
      refetchInterval: (q) => (FINAL.has(q.state.data?.data.processingStatus ?? '') ? false : POLL_MS),
    },
  );
  const asset = query.data?.data;
  return { status: asset?.processingStatus, percent: asset?.processingProgress, errorMessage: asset?.errorMessage, error: query.error };
}
