import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { errorCode, isApiError } from '../api/errors';

export type RestoreState =
  | { stage: 'starting' }
  | { stage: 'restoring'; phase: string; progressPercent: number }
  | { stage: 'finished' }
  | { stage: 'failed'; message: string };

/** The progress a 503 `restore_in_progress` carries, or undefined for any other answer. */
function progressOf(error: unknown): RestoreState | undefined {
  if (errorCode(error) !== 'restore_in_progress' || !isApiError(error)) return undefined;
  const { phase, progressPercent } = error.error.details as { phase: string; progressPercent: number };
  return { stage: 'restoring', phase, progressPercent };
}

/**
 * Where a restore stands. While it runs every /api call answers 503 `restore_in_progress` with its
 * phase and progress, and it ends every sign-in. So the sign-in status is asked (an auth route: its
 * answer does not send the page to sign-in): a 503 is the progress, signed out means it ended, and
 * the job is read only while still signed in (not started yet, or failed).
 */
async function restoreState(jobId: string): Promise<RestoreState> {
  const status = await api.GET('/api/v1/auth/status');
  if (!status.data) return progressOf(status.error) ?? Promise.reject(status.error);
  if (!status.data.data.authenticated) return { stage: 'finished' };
  const { data, error } = await api.GET('/api/v1/system/backups/jobs/{id}', { params: { path: { id: jobId } } });
  if (!data) return progressOf(error) ?? Promise.reject(error);
  if (data.data.status === 'failed') return { stage: 'failed', message: data.data.errorMessage ?? data.data.phase };
  return { stage: 'starting' };
}

const settled = (state: RestoreState | undefined) => state?.stage === 'finished' || state?.stage === 'failed';

/** Follows a started restore every second until it has finished or failed. */
export function useRestoreProgress(jobId: string) {
  return useQuery({
    queryKey: ['restore-progress', jobId],
    queryFn: () => restoreState(jobId),
    retry: false,
    refetchInterval: (query) => (settled(query.state.data) ? false : 1000),
  });
}
