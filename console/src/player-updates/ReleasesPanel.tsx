import { Alert, Badge, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { notifyDone, notifyFailed } from '../common/notify';
import { QueryError } from '../common/QueryError';
import { formatBytes } from '../media/upload-queue';
import { LastContact } from '../screens/LastContact';
import { CodehostAccount } from './CodehostAccount';
import { ReleaseUpload } from './ReleaseUpload';

type Release = DataOf<'/api/v1/player-releases', 'get'>['items'][number];

const VERIFICATION_COLOR: Record<Release['verificationStatus'], string> = { verified_manifest: 'blue', verified: 'green', failed: 'red' };
const CACHE_COLOR: Record<Release['cacheStatus'], string> = { missing: 'gray', downloading: 'blue', cached: 'green', failed: 'red' };
const POLL_MS = 2000;

const isReleases = (key: readonly unknown[]) => String(key[1]).startsWith('/api/v1/player-releases');

function CacheCell({ release }: { release: Release }) {
  const { t } = useTranslation('playerUpdates');
  return (
    <Stack gap={4}>
      <Badge color={CACHE_COLOR[release.cacheStatus]} variant="light" radius="sm">
        {t(`releases.cacheStates.${release.cacheStatus}`)}
      </Badge>
      {release.cacheStatus === 'downloading' && (
        <Progress
          value={Math.round((release.downloadedBytes / release.apkSizeBytes) * 100)}
          aria-label={t('releases.progressLabel', { version: release.versionName })}
        />
      )}
      {release.verificationError && <Text size="xs">{release.verificationError}</Text>}
    </Stack>
  );
}

function ReleaseActions({ release }: { release: Release }) {
  const { t } = useTranslation(['playerUpdates', 'common']);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ predicate: (q) => isReleases(q.queryKey) });
  const cache = $api.useMutation('post', '/api/v1/player-releases/{id}/cache', { onSettled: refresh });
  const remove = $api.useMutation('delete', '/api/v1/player-releases/{id}', { onSettled: refresh });
  const version = release.versionName;
  const path = { id: release.id };
  const download = async () => {
    try {
      await cache.mutateAsync({ params: { path } });
      notifyDone(t('releases.downloadStarted', { version }));
    } catch (error) {
      notifyFailed(error);
    }
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('releases.deleteTitle', { version }),
      children: <Text size="sm">{t('releases.deleteBody')}</Text>,
      labels: { confirm: t('releases.delete'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { path } });
          notifyDone(t('releases.deleted', { version }));
        } catch (error) {
          notifyFailed(error);
        }
      },
    });
  const downloadable = release.source === 'codehost' && (release.cacheStatus === 'missing' || release.cacheStatus === 'failed');
  return (
    <Group gap="xs" wrap="nowrap">
      {downloadable && (
        <Button size="xs" variant="light" loading={cache.isPending} aria-label={t('releases.downloadLabel', { version })} onClick={() => void download()}>
          {t('releases.download')}
        </Button>
      )}
      {release.inUse ? (
        <Text size="xs">{t('releases.inUse')}</Text>
      ) : (
        release.cacheStatus !== 'downloading' && (
          <Button size="xs" variant="light" color="red" aria-label={t('releases.deleteLabel', { version })} onClick={confirmDelete}>
            {t('releases.delete')}
          </Button>
        )
      )}
    </Group>
  );
}

/** The release catalog with verification and download state, read again every 2 s while a download runs. */
export function ReleasesPanel({ owner }: { owner: boolean }) {
  const { t } = useTranslation('playerUpdates');
  const client = useQueryClient();
  const catalog = $api.useQuery(
    'get',
    '/api/v1/player-releases',
    {},
    { refetchInterval: (q) => (q.state.data?.data.items.some((r) => r.cacheStatus === 'downloading') ? POLL_MS : false) },
  );
  const check = $api.useMutation('post', '/api/v1/player-releases/check', {
    onSettled: () => client.invalidateQueries({ predicate: (q) => isReleases(q.queryKey) }),
  });
  const checkNow = async () => {
    try {
      await check.mutateAsync({});
      notifyDone(t('releases.checked'));
    } catch (error) {
      notifyFailed(error);
    }
  };
  const c = catalog.data?.data;
  return (
    <Stack component="section" aria-labelledby="player-releases">
      <Group justify="space-between">
        <Title order={2} size="h4" id="player-releases">
          {t('releases.title')}
        </Title>
        {owner && c?.manifestKeyConfigured && (
          <Button size="xs" variant="default" loading={check.isPending} onClick={() => void checkNow()}>
            {t('releases.check')}
          </Button>
        )}
      </Group>
      {catalog.error && <QueryError error={catalog.error} />}
      {c && (
        <>
          <Text size="sm">
            {t('releases.repository', { repository: c.repository })} {t('releases.lastChecked')}:{' '}
            {c.lastCheckedAt ? <LastContact at={c.lastCheckedAt} /> : t('releases.never')}
          </Text>
          {!c.manifestKeyConfigured && <Alert color="yellow">{t('releases.keyMissing')}</Alert>}
          {c.providerError && (
            <Alert color="yellow" title={t('releases.providerError')}>
              {c.providerError}
            </Alert>
          )}
          <CodehostAccount auth={c.codehostAuth} owner={owner} />
          {c.items.length === 0 ? (
            <Text c="dimmed">{t('releases.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={900}>
              <Table aria-label={t('releases.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('releases.version')}</Table.Th>
                    <Table.Th>{t('releases.platform')}</Table.Th>
                    <Table.Th>{t('releases.channel')}</Table.Th>
                    <Table.Th>{t('releases.source')}</Table.Th>
                    <Table.Th>{t('releases.published')}</Table.Th>
                    <Table.Th>{t('releases.size')}</Table.Th>
                    <Table.Th>{t('releases.verification')}</Table.Th>
                    <Table.Th>{t('releases.cache')}</Table.Th>
                    {owner && <Table.Th>{t('releases.actions')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.items.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        {r.versionName} ({r.versionCode})
                      </Table.Td>
                      <Table.Td>{t(`releases.platforms.${r.platform}`)}</Table.Td>
                      <Table.Td>{t(`releases.channels.${r.channel}`)}</Table.Td>
                      <Table.Td>{t(`releases.sources.${r.source}`)}</Table.Td>
                      <Table.Td>
                        <LastContact at={r.publishedAt} />
                      </Table.Td>
                      <Table.Td>{formatBytes(r.apkSizeBytes)}</Table.Td>
                      <Table.Td>
                        <Badge color={VERIFICATION_COLOR[r.verificationStatus]} variant="light" radius="sm">
                          {t(`releases.verificationStates.${r.verificationStatus}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <CacheCell release={r} />
                      </Table.Td>
                      {owner && (
                        <Table.Td>
                          <ReleaseActions release={r} />
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {owner && c.manifestKeyConfigured && <ReleaseUpload />}
        </>
      )}
    </Stack>
  );
}
