import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api, api } from '../api/client';
import type { DataOf } from '../api/types';
import '../common/dates';
import { notifyDone, notifyFailed } from '../common/notify';
import { PageLoader } from '../common/PageLoader';
import { QueryError } from '../common/QueryError';
import { formatBytes } from '../media/upload-queue';
import { ArchiveContents } from './ArchiveContents';
import { BackupJobProgress } from './BackupJobProgress';
import { RestorePlanModal } from './RestorePlanModal';
import { RestoreProgress } from './RestoreProgress';

const BASE = '/api/v1/system/backups';
type List = DataOf<typeof BASE, 'get'>;
type Archive = List['backups'][number];

const VERIFICATION_COLORS = { unverified: 'gray', verified: 'green', failed: 'red' } as const;

/** The job under way, asked every 1.5 s while there is one; when it ends the list is read again. */
function useCurrentJob(enabled: boolean) {
  const client = useQueryClient();
  const current = $api.useQuery('get', `${BASE}/jobs/current`, {}, { enabled, refetchInterval: (q) => (q.state.data?.data ? 1500 : false) });
  const job = current.data?.data ?? undefined;
  const followed = useRef<string>(undefined);
  useEffect(() => {
    if (followed.current && followed.current !== job?.id) void client.invalidateQueries({ queryKey: ['get', BASE] });
    followed.current = job?.id;
  }, [job?.id, client]);
  return { job, follow: () => client.invalidateQueries({ queryKey: ['get', `${BASE}/jobs/current`] }) };
}

/** For owners: the backup archives, "back up now", and checking, downloading, restoring or deleting one. */
export function BackupsPanel() {
  const { t } = useTranslation(['system', 'common']);
  const client = useQueryClient();
  const [restoring, setRestoring] = useState<string>();
  const [planned, setPlanned] = useState<Archive>();
  // While a restore runs the API answers 503, and afterwards 401: nothing else is asked then.
  const list = $api.useQuery('get', BASE, {}, { enabled: !restoring });
  const { job, follow } = useCurrentJob(!restoring);
  const create = $api.useMutation('post', BASE);
  const verify = $api.useMutation('post', `${BASE}/{id}/verify`);

  if (restoring)
    return (
      <Section>
        <RestoreProgress jobId={restoring} />
      </Section>
    );
  if (list.error)
    return (
      <Section>
        <QueryError error={list.error} />
      </Section>
    );
  const data = list.data?.data;
  if (!data)
    return (
      <Section>
        <PageLoader />
      </Section>
    );

  const dateOf = (a: Archive) => dayjs(a.createdAt).format('LLL');
  const started = async (action: Promise<unknown>, message: string) => {
    try {
      await action;
      notifyDone(message);
      await follow();
    } catch (error) {
      notifyFailed(error);
    }
  };
  const remove = (archive: Archive) => {
    const last = archive.status === 'complete' && data.lastSuccessful?.id === archive.id;
    modals.openConfirmModal({
      title: t('backups.deleteTitle', { date: dateOf(archive) }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('backups.deleteBody')}</Text>
          {last && (
            <Text size="sm" fw={600}>
              {t('backups.deleteLast')}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: t('backups.delete'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        const { error } = await api.DELETE(`${BASE}/{id}`, { params: { path: { id: archive.id }, query: { force: last } } });
        if (error) return notifyFailed(error);
        notifyDone(t('backups.deleted'));
        await client.invalidateQueries({ queryKey: ['get', BASE] });
      },
    });
  };
  const failed = data.recentJobs[0]?.status === 'failed' ? data.recentJobs[0] : undefined;

  return (
    <Section>
      <Group>
        <Button loading={create.isPending} disabled={!!job} onClick={() => void started(create.mutateAsync({}), t('backups.started'))}>
          {t('backups.backUpNow')}
        </Button>
      </Group>
      {job && <BackupJobProgress job={job} />}
      {!job && failed && (
        <Alert color="red" role="alert">
          {t('backups.lastFailed', { message: failed.errorMessage ?? failed.phase })}
        </Alert>
      )}
      {data.backups.length === 0 ? (
        <Text size="sm">{t('backups.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={t('backups.archives')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backups.created')}</Table.Th>
                <Table.Th>{t('backups.kind')}</Table.Th>
                <Table.Th>{t('backups.size')}</Table.Th>
                <Table.Th>{t('backups.contents')}</Table.Th>
                <Table.Th>{t('backups.verification')}</Table.Th>
                <Table.Th>{t('backups.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.backups.map((archive) => {
                const date = dateOf(archive);
                const usable = archive.status === 'complete';
                return (
                  <Table.Tr key={archive.id}>
                    <Table.Td>{date}</Table.Td>
                    <Table.Td>{t(`backups.kinds.${archive.kind}`)}</Table.Td>
                    <Table.Td>{formatBytes(archive.sizeBytes)}</Table.Td>
                    <Table.Td>
                      <ArchiveContents components={archive.components} />
                    </Table.Td>
                    <Table.Td>
                      <Badge color={usable ? VERIFICATION_COLORS[archive.verification] : 'red'} variant="light">
                        {usable ? t(`backups.verifications.${archive.verification}`) : t('backups.missing')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          disabled={!usable || !!job}
                          aria-label={t('backups.verifyLabel', { date })}
                          onClick={() => void started(verify.mutateAsync({ params: { path: { id: archive.id } } }), t('backups.verifyStarted'))}
                        >
                          {t('backups.verify')}
                        </Button>
                        {usable && (
                          <Button
                            size="xs"
                            variant="light"
                            component="a"
                            href={`${BASE}/${archive.id}/download`}
                            download
                            aria-label={t('backups.downloadLabel', { date })}
                          >
                            {t('backups.download')}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="light"
                          color="orange"
                          disabled={!usable || !!job}
                          aria-label={t('backups.restoreLabel', { date })}
                          onClick={() => setPlanned(archive)}
                        >
                          {t('backups.restore')}
                        </Button>
                        <Button size="xs" variant="light" color="red" aria-label={t('backups.deleteLabel', { date })} onClick={() => remove(archive)}>
                          {t('backups.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={3} size="h5">
        {t('backups.schedule.title')}
      </Title>
      <Text size="sm">
        {data.schedule.lastRunAt ? t('backups.schedule.lastRun', { date: dayjs(data.schedule.lastRunAt).format('LLL') }) : t('backups.schedule.never')}
      </Text>
      <Text size="sm">
        {data.schedule.nextRunAt ? t('backups.schedule.nextRun', { date: dayjs(data.schedule.nextRunAt).format('LLL') }) : t('backups.schedule.off')}
      </Text>
      <Anchor component={Link} to="/settings" size="sm">
        {t('backups.schedule.change')}
      </Anchor>
      {planned && (
        <RestorePlanModal
          archive={planned}
          onClose={() => setPlanned(undefined)}
          onStarted={(id) => {
            setPlanned(undefined);
            setRestoring(id);
          }}
        />
      )}
    </Section>
  );
}

function Section({ children }: { children: ReactNode }) {
  const { t } = useTranslation('system');
  return (
    <Stack component="section" aria-labelledby="system-backups">
      <Title order={2} size="h4" id="system-backups">
        {t('backups.title')}
      </Title>
      <Text size="sm">{t('backups.intro')}</Text>
      {children}
    </Stack>
  );
}
