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

function DeleteAsset({ asset, onDone, onDeleted }: { asset: LibraryAsset; onDone(): void; onDeleted(): void }) {
  const { t } = useTranslation('media');
  const client = useQueryClient();
  const graph = $api.useQuery('get', '/api/v1/plugins/dependency-graph', {}, { staleTime: 0 });
  const uses = graph.data ? usesOf(graph.data.data, asset.id) : [];
  const remove = $api.useMutation('delete', '/api/v1/assets/{id}', {
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
      notifications.show({ closeButtonProps: { 'aria-label': t('close') }, color: 'green', message: t('delete.done', { name: asset.name }) });
      onDone();
      onDeleted();
    },
  });
  return (
    <Stack>
      <Text>{t('delete.question', { name: asset.name })}</Text>
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
      {remove.error && (
        <Alert color="red" role="alert" title={t('delete.refused')}>
          {errorMessage(remove.error, t('errorFallback'))}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ params: { path: { id: asset.id } } })}>
          {t('delete.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Asks before deleting an asset, showing first where it is used (the server refuses while it is). */
export function openDeleteAsset(asset: LibraryAsset, t: TFunction<'media'>, onDeleted: () => void): void {
  const id = modals.open({
    title: t('delete.title', { name: asset.name }),
    closeButtonProps: { 'aria-label': t('close') },
    children: <DeleteAsset asset={asset} onDone={() => modals.close(id)} onDeleted={onDeleted} />,
  });
}
