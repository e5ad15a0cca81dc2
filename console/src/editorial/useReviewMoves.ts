import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorCode } from '../api/errors';
import { exactTime } from '../screens/dates';
import { notifyDone, notifyFailed } from '../common/notify';
import type { ReviewAction } from './review-rules';
import type { Submission } from './types';
import { useRefreshEditorial } from './useRefreshEditorial';

type Move =
  | { action: 'approve'; note?: string }
  | { action: 'requestChanges'; note: string }
  | { action: 'publish' | 'cancelSchedule' }
  | { action: 'schedule'; at: string };

const path = (id: string) => ({ params: { path: { id } } });

function send(id: string, move: Move) {
  switch (move.action) {
    case 'approve':
      return api.POST('/api/v1/content-submissions/{id}/approve', { ...path(id), body: move.note ? { note: move.note } : {} });
    case 'requestChanges':
      return api.POST('/api/v1/content-submissions/{id}/request-changes', { ...path(id), body: { note: move.note } });
    case 'publish':
      return api.POST('/api/v1/content-submissions/{id}/publish', { ...path(id), body: { method: 'manual' } });
    case 'schedule':
      return api.POST('/api/v1/content-submissions/{id}/schedule', { ...path(id), body: { requestedPublicationAt: move.at } });
    case 'cancelSchedule':
      return api.POST('/api/v1/content-submissions/{id}/cancel-schedule', path(id));
  }
}

/**
 * A reviewer's decision sent to the server; a submission that moved on meanwhile (409
 * `editorial_conflict`) is said so and the inbox reads again. True when it was done.
 */
export function useReviewMoves() {
  const { t } = useTranslation('editorial');
  const refresh = useRefreshEditorial();
  return async (submission: Submission, move: Move): Promise<boolean> => {
    const { error } = await send(submission.id, move);
    const name = submission.contentName ?? submission.contentId;
    if (errorCode(error) === 'editorial_conflict') notifyFailed(error, t('review.conflict'));
    else if (error !== undefined) notifyFailed(error);
    else {
      const at = move.action === 'schedule' ? exactTime(dayjs(move.at).toISOString()) : '';
      notifyDone(t(`review.done.${move.action satisfies ReviewAction}`, { name, at }));
    }
    await refresh();
    return error === undefined;
  };
}
