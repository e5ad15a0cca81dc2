import { api } from '../api/client';
import { errorCode } from '../api/errors';
import { notifyFailed } from '../common/notify';
import type { PublishOutcome } from '../editorial/PublishControls';
import type { Submission } from '../editorial/types';

type Published = { submission: Submission; published?: { revision: number } };

/**
 * The playlist's draft made what screens play (201), or frozen into a submission when review is
 * required (202); `conflict` when the draft moved on since the page read it (409 `editorial_conflict`).
 */
export async function publishPlaylist(id: string, expectedDraftRevision: number): Promise<PublishOutcome | 'conflict' | undefined> {
  const { data, error, response } = await api.POST('/api/v1/playlists/{id}/publish', { params: { path: { id } }, body: { expectedDraftRevision } });
  if (errorCode(error) === 'editorial_conflict') return 'conflict';
  if (error !== undefined || !data) return void notifyFailed(error);
  if (response.status === 202) return { submission: data.data as Submission };
  const outcome = data.data as Published;
  return outcome.published ? { published: outcome.published.revision } : { submission: outcome.submission };
}
