import { useDocumentVisibility } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { api } from '../api/client';

/** The lease lasts 15 s (the server's LEASE_SECONDS): renewing every 5 s survives a slow answer or two. */
const RENEW_MS = 5_000;

type Ending = 'replaced' | 'failed' | null;

/**
 * A live-stream session while someone watches: started on request, renewed while the page is shown,
 * ended when they stop, hide the page or leave it. Starting one ends another viewer's session.
 */
export function useLiveStream(screenId: string) {
  const visible = useDocumentVisibility() === 'visible';
  const [watching, setWatching] = useState(false);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [ending, setEnding] = useState<Ending>(null);

  useEffect(() => {
    if (!watching || !visible) return;
    let id: string | undefined;
    let left = false;
    const path = () => ({ params: { path: { id: screenId, sessionId: id ?? '' } } });
    const stop = (why: Ending) => {
      setEnding(why);
      setWatching(false);
    };
    void api.POST('/api/v1/screens/{id}/live-stream', { params: { path: { id: screenId } } }).then(
      ({ data }) => {
        if (!data?.data.id) return stop('failed');
        id = data.data.id;
        // Left before the answer came: end the session at once rather than let its lease run out.
        if (left) void api.DELETE('/api/v1/screens/{id}/live-stream/{sessionId}', path());
        else setSessionId(id);
      },
      () => stop('failed'),
    );
    const timer = setInterval(() => {
      if (!id) return;
      void api.POST('/api/v1/screens/{id}/live-stream/{sessionId}/renew', path()).then(({ response }) => {
        // 404: another viewer started watching, or the lease ran out.
        if (!response.ok) stop('replaced');
      });
    }, RENEW_MS);
    return () => {
      left = true;
      clearInterval(timer);
      setSessionId(null);
      if (id) void api.DELETE('/api/v1/screens/{id}/live-stream/{sessionId}', path());
    };
  }, [screenId, watching, visible]);

  return {
    watching,
    sessionId,
    ending,
    start: () => {
      setEnding(null);
      setWatching(true);
    },
    stop: () => setWatching(false),
    streamUrl: sessionId ? `/api/v1/screens/${screenId}/live-stream/${sessionId}/mjpeg` : null,
  };
}
