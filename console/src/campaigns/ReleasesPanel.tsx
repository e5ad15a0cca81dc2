import { Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { QueryError } from '../common/QueryError';
import { restorable } from './campaign-rules';
import { campaignReads } from './useCampaignDraft';

/** The campaign's releases, newest first: number, when, by whom, status; Restore copies one into the draft. */
export function ReleasesPanel({ id, editable }: { id: string; editable: boolean }) {
  const { t } = useTranslation('campaigns');
  const client = useQueryClient();
  const query = $api.useQuery('get', '/api/v1/campaigns/{id}/releases', { params: { path: { id } } });
  const restore = $api.useMutation('post', '/api/v1/campaigns/{id}/releases/{releaseId}/restore');
  const releases = query.data?.data.items;

  const restoreIt = async (release: { id: string; releaseNumber: number }) => {
    try {
      await restore.mutateAsync({ params: { path: { id, releaseId: release.id } } });
      await client.invalidateQueries({ predicate: campaignReads });
      notifyDone(t('releases.restored', { number: String(release.releaseNumber) }));
    } catch (error) {
      notifyFailed(error);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          {t('releases.title')}
        </Title>
        {query.isError && <QueryError error={query.error} />}
        {releases?.length === 0 && <Text c="dimmed">{t('releases.empty')}</Text>}
        {releases && releases.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table striped aria-label={t('releases.caption')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('releases.number')}</Table.Th>
                  <Table.Th scope="col">{t('releases.when')}</Table.Th>
                  <Table.Th scope="col">{t('releases.who')}</Table.Th>
                  <Table.Th scope="col">{t('releases.status')}</Table.Th>
                  {editable && <Table.Th scope="col">{t('releases.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {releases.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.releaseNumber}</Table.Td>
                    <Table.Td>{r.publishedAt ? dayjs(r.publishedAt).format('YYYY-MM-DD HH:mm') : t('releases.notYet')}</Table.Td>
                    <Table.Td>{r.publisherName ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={r.status === 'published' ? 'green' : 'gray'}>
                        {t(`releaseStatus.${r.status}`)}
                      </Badge>
                    </Table.Td>
                    {editable && (
                      <Table.Td>
                        {restorable(r.status) && (
                          <Button size="xs" variant="default" loading={restore.isPending} onClick={() => void restoreIt(r)}>
                            {t('releases.restore', { number: String(r.releaseNumber) })}
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
