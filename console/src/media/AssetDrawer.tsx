import { Button, Drawer, Group, Image, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import { atLeast, type Role } from '../auth/roles';
import { QueryError } from '../common/QueryError';
import { AssetOrganize } from './AssetOrganize';
import type { LibraryAsset } from './asset-types';
import { openRemoveAsset } from './RemoveAssetDialog';
import { StatusBadge } from './StatusBadge';
import { formatBytes } from './upload-queue';
import type { useOrganizers } from './useOrganizers';
import { useProcessing } from './useProcessing';

interface Props {
  assetId: string | undefined;
  onClose(): void;
  organizers: ReturnType<typeof useOrganizers>;
  role: Role | undefined;
}

/** One asset: its preview, facts, name, folder, tags and collections, and deleting it. */
export function AssetDrawer({ assetId, onClose, organizers, role }: Props) {
  const { t } = useTranslation('media');
  const asset = $api.useQuery('get', '/api/v1/assets/{id}', { params: { path: { id: assetId ?? '' } } }, { enabled: assetId !== undefined });
  // Follows processing while the drawer is open (same query, so the drawer updates with it).
  useProcessing(assetId);
  const data = asset.data?.data;
  return (
    <Drawer
      opened={assetId !== undefined}
      onClose={onClose}
      position="right"
      size="lg"
      title={data?.name ?? t('drawer.title')}
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
    >
      {asset.error ? (
        <QueryError error={asset.error} />
      ) : !data ? (
        <Loader aria-label={t('loading')} />
      ) : (
        <Stack gap="md">
          <Preview asset={data} />
          <Facts asset={data} />
          {atLeast(role, 'contributor') && <Rename asset={data} />}
          <AssetOrganize asset={data} organizers={organizers} canEdit={atLeast(role, 'contributor')} />
          {atLeast(role, 'editor') ? (
            <Group>
              {data.archivedAt ? (
                <Restore asset={data} />
              ) : (
                <Button variant="default" leftSection={<IconArchive size={16} aria-hidden />} onClick={() => openRemoveAsset(data, 'archive', t, onClose)}>
                  {t('archive.action')}
                </Button>
              )}
              <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => openRemoveAsset(data, 'delete', t, onClose)}>
                {t('delete.action')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('delete.notAllowed')}
            </Text>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

function Preview({ asset }: { asset: LibraryAsset }) {
  const { t } = useTranslation('media');
  if (asset.processingStatus !== 'ready') return <Text c="dimmed">{t('drawer.noPreview')}</Text>;
  const src = `/api/v1/assets/${asset.id}/preview`;
  if (asset.type === 'image') return <Image src={src} alt={t('drawer.previewOf', { name: asset.name })} mah={360} fit="contain" />;
  if (asset.type === 'video')
    // biome-ignore lint/a11y/useMediaCaption: signage clips carry no speech to caption
    return <video src={src} controls preload="metadata" aria-label={t('drawer.previewOf', { name: asset.name })} style={{ width: '100%', maxHeight: 360 }} />;
  if (asset.website)
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {asset.website.url}
      </Text>
    );
  return null;
}

function Facts({ asset }: { asset: LibraryAsset }) {
  const { t } = useTranslation('media');
  const rows: [string, React.ReactNode][] = [
    [t('facts.type'), t(`type.${asset.type}`, { defaultValue: asset.type })],
    [t('facts.status'), <StatusBadge key="status" status={asset.processingStatus} />],
  ];
  if (asset.originalFilename) rows.push([t('facts.file'), asset.originalFilename]);
  if (asset.originalSize) rows.push([t('facts.size'), formatBytes(asset.originalSize)]);
  if (asset.width && asset.height) rows.push([t('facts.dimensions'), t('facts.pixels', { width: String(asset.width), height: String(asset.height) })]);
  if (asset.durationSeconds) rows.push([t('facts.duration'), t('facts.seconds', { seconds: asset.durationSeconds.toFixed(1) })]);
  if (asset.errorMessage) rows.push([t('facts.error'), asset.errorMessage]);
  rows.push([t('facts.added'), dayjs(asset.createdAt).format('LLL')]);
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={140}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Rename({ asset }: { asset: LibraryAsset }) {
  const { t } = useTranslation('media');
  const client = useQueryClient();
  const [name, setName] = useState(asset.name);
  useEffect(() => setName(asset.name), [asset.name]);
  const rename = $api.useMutation('patch', '/api/v1/assets/{id}', {
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets/{id}'] });
      notifications.show({ color: 'green', message: t('drawer.renamed') });
    },
  });
  const trimmed = name.trim();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (trimmed && trimmed !== asset.name) rename.mutate({ params: { path: { id: asset.id } }, body: { name: trimmed } });
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('drawer.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={180}
          required
          style={{ flex: 1 }}
          error={rename.error ? errorMessage(rename.error, t('errorFallback')) : undefined}
        />
        <Button type="submit" loading={rename.isPending} disabled={!trimmed || trimmed === asset.name}>
          {t('drawer.rename')}
        </Button>
      </Group>
    </form>
  );
}

function Restore({ asset }: { asset: LibraryAsset }) {
  const { t } = useTranslation('media');
  const client = useQueryClient();
  const restore = $api.useMutation('post', '/api/v1/assets/restore', {
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets/{id}'] });
      notifications.show({ color: 'green', message: t('archive.restored', { name: asset.name }) });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, t('errorFallback')) }),
  });
  return (
    <Button
      variant="default"
      leftSection={<IconArchiveOff size={16} aria-hidden />}
      loading={restore.isPending}
      onClick={() => restore.mutate({ body: { assetIds: [asset.id] } })}
    >
      {t('archive.restore')}
    </Button>
  );
}
