import { useState } from 'react';
import { $api } from '../api/client';
import { useConsoleEvent } from '../events/useConsoleEvents';

interface Live {
  status: string;
  percent: number | null;
}

/**
 * An asset's processing status and progress until it is ready or failed: read once, then moved on
 * by the console's `asset.processing` events (no polling; a reconnect refetches).
 */
export function useProcessing(assetId: string | undefined) {
  const query = $api.useQuery('get', '/api/v1/assets/{id}', { params: { path: { id: assetId ?? '' } } }, { enabled: assetId !== undefined });
  const [live, setLive] = useState<Live>();
  useConsoleEvent('asset.processing', (message) => {
    if (message.assetId === assetId) setLive({ status: message.status, percent: message.progress });
  });
  const asset = query.data?.data;
  // Every processing step sends an event, so the last one received is the newest word.
  return {
    status: live?.status ?? asset?.processingStatus,
    percent: live ? (live.percent ?? undefined) : asset?.processingProgress,
    errorMessage: asset?.errorMessage,
    error: query.error,
  };
}
