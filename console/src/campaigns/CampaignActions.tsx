import { Button, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { type CampaignRights, preflightAllowsPublish } from './campaign-rules';
import { usePreflight } from './PreflightPanel';
import { type Campaign, campaignReads } from './useCampaignDraft';

/**
 * Publish (201: a release; 202: sent to review), allowed once the saved draft passes preflight, and
 * Archive after a confirmation: its schedules leave every screen.
 */
export function CampaignActions({ campaign, rights, dirty }: { campaign: Campaign; rights: CampaignRights; dirty: boolean }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const client = useQueryClient();
  const navigate = useNavigate();
  const preflight = usePreflight(campaign.id).data?.data;
  const publish = $api.useMutation('post', '/api/v1/campaigns/{id}/publish');
  const archive = $api.useMutation('delete', '/api/v1/campaigns/{id}');
  const path = { params: { path: { id: campaign.id } } };
  const allowed = !dirty && preflightAllowsPublish(preflight);

  const publishIt = async () => {
    try {
      const answer = (await publish.mutateAsync({ ...path, body: { expectedDraftRevision: campaign.draftRevision } })).data;
      // 201 answers the publication (its revision is the release number) with its submission; 202 the submission sent to review.
      notifyDone('submission' in answer && answer.published ? t('publish.published', { number: String(answer.published.revision) }) : t('publish.submitted'));
      await client.invalidateQueries({ predicate: (q) => campaignReads(q) || String(q.queryKey[1]).startsWith('/api/v1/schedules') });
    } catch (error) {
      notifyFailed(error);
    }
  };

  const confirmArchive = () =>
    modals.openConfirmModal({
      title: t('archive.title', { name: campaign.name }),
      children: <Text size="sm">{t('archive.body')}</Text>,
      labels: { confirm: t('archive.confirm'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await archive.mutateAsync(path);
          notifyDone(t('archive.done', { name: campaign.name }));
          client.removeQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/campaigns/{id}') });
          await client.invalidateQueries({ queryKey: ['get', '/api/v1/campaigns'] });
          navigate('/campaigns');
        } catch (error) {
          notifyFailed(error);
        }
      },
    });

  return (
    <>
      {rights.publish ? (
        <Tooltip label={t('publish.blocked')} disabled={allowed || dirty}>
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => void publishIt()} loading={publish.isPending} disabled={!allowed}>
            {t('publish.action')}
          </Button>
        </Tooltip>
      ) : (
        rights.edit && <Text size="sm">{t('publish.noRight')}</Text>
      )}
      {rights.edit && (
        <Button color="red" variant="light" leftSection={<IconArchive size={16} aria-hidden />} onClick={confirmArchive}>
          {t('archive.action')}
        </Button>
      )}
    </>
  );
}
