import { useDocumentVisibility } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { $api, api } from '../api/client';

/** The lease lasts 60 s; the server asks for a renewal every 30 s while the preview is shown. */
const RENEW_MS = 30_000;

/**
 * The screen's live preview while the page is visible: keeps the preview lease alive, follows the
 * latest capture's details, and fetches the image again only when a newer capture exists.
 */
export function usePreview(screenId: string) {
  const visible = useDocumentVisibility() === 'visible';
  const lease = $api.useMutation('post', '/api/v1/screens/{id}/preview-session');
  const { mutate } = lease;

  useEffect(() => {
    if (!visible) return;
    const renew = (forceCapture: boolean) => mutate({ params: { path: { id: screenId } }, body: { forceCapture } });
    renew(true);
    const timer = setInterval(() => renew(false), RENEW_MS);
    return () => clearInterval(timer);
  }, [screenId, visible, mutate]);

  // A new capture arrives as a `screen.preview` event, which makes this read stale (events/messages.ts).
  const status = $api.useQuery('get', '/api/v1/screens/{id}/preview', { params: { path: { id: screenId } } });
  const preview = status.data?.data;
  const capturedAt = preview?.imageAvailable ? preview.capturedAt : null;

  const image = useQuery({
    queryKey: ['preview-image', screenId, capturedAt],
    enabled: Boolean(capturedAt),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { data, error } = await api.GET('/api/v1/screens/{id}/preview/image', { params: { path: { id: screenId } }, parseAs: 'blob' });
      if (error !== undefined || !data) throw error ?? new Error('no image');
      return data as Blob;
    },
  });

  return {
    preview,
    imageUrl: useObjectUrl(image.data),
    error: status.error ?? lease.error ?? image.error,
    captureNow: () => mutate({ params: { path: { id: screenId } }, body: { forceCapture: true } }),
    capturing: lease.isPending,
  };
}

function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
