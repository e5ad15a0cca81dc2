import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorCode } from '../api/errors';
import { showAnswer } from '../api/showAnswer';
import type { DataOf } from '../api/types';
import { notifyDone, notifyFailed } from '../common/notify';

export type Campaign = DataOf<'/api/v1/campaigns/{id}', 'get'>;
export type CampaignDraft = Campaign['draft'];

const init = (id: string) => ({ params: { path: { id } } });
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every campaign read (the list, a campaign, its preflight and releases): a change to one may show in all. */
export const campaignReads = (q: { queryKey: readonly unknown[] }) => String(q.queryKey[1]).startsWith('/api/v1/campaigns');

/**
 * The builder's working copy of a campaign's draft: edited here, saved whole with the revision it
 * started from. A 409 `campaign_conflict` says so and shows the server's newer draft instead.
 */
export function useCampaignDraft(campaign: Campaign) {
  const { t } = useTranslation('campaigns');
  const client = useQueryClient();
  const save = $api.useMutation('patch', '/api/v1/campaigns/{id}/draft');
  const [draft, setDraft] = useState<CampaignDraft>(campaign.draft);
  const [conflict, setConflict] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newer stored draft (saved, restored, or someone else's) replaces the working copy
  useEffect(() => setDraft(campaign.draft), [campaign.id, campaign.draftRevision]);

  const show = async (saved: Campaign) => {
    await showAnswer(client, $api.queryOptions('get', '/api/v1/campaigns/{id}', init(saved.id)).queryKey, { data: saved });
    void client.invalidateQueries({ predicate: campaignReads });
  };

  const saveDraft = async () => {
    setConflict(false);
    try {
      const saved = await save.mutateAsync({ ...init(campaign.id), body: { expectedDraftRevision: campaign.draftRevision, draft } });
      await show(saved.data);
      notifyDone(t('builder.saved'));
    } catch (error) {
      if (errorCode(error) !== 'campaign_conflict') return notifyFailed(error);
      setConflict(true);
      await client.invalidateQueries({ predicate: campaignReads });
    }
  };

  return {
    draft,
    dirty: !same(draft, campaign.draft),
    conflict,
    saving: save.isPending,
    change: (change: Partial<CampaignDraft>) => setDraft((d) => ({ ...d, ...change })),
    discard: () => setDraft(campaign.draft),
    save: saveDraft,
  };
}
