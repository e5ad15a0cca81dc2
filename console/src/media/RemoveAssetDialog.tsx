import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import type { LibraryAsset } from './asset-types';
import { usesOf } from './asset-usage';

/** Deleting removes the asset for good; archiving takes it out of the active library (restorable). */
export type Removal = 'delete' | 'archive';

interface Props {
  asset: LibraryAsset;
  removal: Removal;
  onDone(): void;
  onRemoved(): void;
}

function RemoveAsset({ asset, removal, onDone, onRemoved }: Props) {
  const { t } = useTranslation('media');
  const client = useQueryClient();
  const graph = $api.useQuery('get', '/api/v1/plugins/dependency-graph', {}, { staleTime: 0 });
  const uses = graph.data ? usesOf(graph.data.data, asset.id) : [];
  const onSuccess = async () => {
    await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
    await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets/{id}'] });
    notifications.show({ color: 'green', message: t(`${removal}.done`, { name: asset.name }) });
    onDone();
    onRemoved();
  };
  const remove = $api.useMutation('delete', '/api/v1/assets/{id}', { onSuccess });
  const archive = $api.useMutation('post', '/api/v1/assets/archive', { onSuccess });
  const mutation = removal === 'delete' ? remove : archive;
  const confirm = () => (removal === 'delete' ? remove.mutate({ params: { path: { id: asset.id } } }) : archive.mutate({ body: { assetIds: [asset.id] } }));
  return (
    <Stack>
      <Text>{t(`${removal}.question`, { name: asset.name })}</Text>
      {graph.isPending ? (
        <Loader size="sm" aria-label={t('delete.checkingUse')} />
      ) : uses.length > 0 ? (
        <Alert variant="default" icon={<IconAlertTriangle aria-hidden />} title={t('delete.inUseTitle')}>
          <Text size="sm">{t('delete.inUse')}</Text>
          <List size="sm" mt="xs">
            {uses.map((use) => (
              <List.Item key={`${use.type}:${use.id}`}>
                {t('delete.use', { kind: t(`kinds.${use.type}`, { defaultValue: use.type }), name: use.name })}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        graph.data && <Text size="sm">{t('delete.unused')}</Text>
      )}
      {mutation.error && (
        <Alert color="red" role="alert" title={t(`${removal}.refused`)}>
          {errorMessage(mutation.error, t('errorFallback'))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button color="red" loading={mutation.isPending} onClick={confirm}>
          {t(`${removal}.confirm`)}
        </Button>
      </Group>
    </Stack>
  );
}

/** Asks before deleting or archiving an asset, showing first where it is used (the server refuses while it is). */
export function openRemoveAsset(asset: LibraryAsset, removal: Removal, t: TFunction<'media'>, onRemoved: () => void): void {
  const id = modals.open({
    title: t(`${removal}.title`, { name: asset.name }),
    children: <RemoveAsset asset={asset} removal={removal} onDone={() => modals.close(id)} onRemoved={onRemoved} />,
  });
}
