import { Button, Center, Group, Loader, Modal, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, api } from '../api/client';
import { QueryError } from '../common/QueryError';
import { ListPager } from '../common/ListPager';
import { AssetChoice } from './AssetChoice';
import { DEFAULT_IMAGE_SECONDS } from './durations';
import type { LibraryAsset } from './types';
import { notifyDone, notifyFailed } from '../common/notify';
import { useShowPlaylist } from './usePlaylist';

const PAGE_SIZE = 24;

/**
 * Chooses ready media from the library (search, thumbnails, several at once, across searches and
 * pages) and appends them to the playlist in the order chosen.
 */
export function AssetPickerModal({ playlistId, opened, onClose }: { playlistId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('playlists');
  const show = useShowPlaylist();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<LibraryAsset[]>([]);
  const [adding, setAdding] = useState(false);
  const query = { status: 'ready' as const, sort: 'newest' as const, page, pageSize: PAGE_SIZE, ...(debounced ? { search: debounced } : {}) };
  const assets = $api.useQuery('get', '/api/v1/assets', { params: { query } }, { enabled: opened, placeholderData: (previous) => previous });
  const data = assets.data?.data;

  const toggle = (asset: LibraryAsset) =>
    setChosen((current) => (current.some((a) => a.id === asset.id) ? current.filter((a) => a.id !== asset.id) : [...current, asset]));
  const close = () => {
    setChosen([]);
    setSearch('');
    setPage(1);
    onClose();
  };

  const add = async () => {
    setAdding(true);
    let added = 0;
    for (const asset of chosen) {
      const durationMs = asset.type === 'video' ? undefined : DEFAULT_IMAGE_SECONDS * 1000;
      const { data: saved, error } = await api.POST('/api/v1/playlists/{id}/items', {
        params: { path: { id: playlistId } },
        body: { assetId: asset.id, durationMs },
      });
      if (!saved) {
        notifyFailed(error);
        break;
      }
      await show(saved.data);
      added += 1;
    }
    setAdding(false);
    if (added > 0) notifyDone(t('picker.added', { count: added }));
    if (added === chosen.length) close();
    else setChosen(chosen.slice(added));
  };

  return (
    <Modal opened={opened} onClose={close} title={t('picker.title')} size="xl" scrollAreaComponent={ScrollArea.Autosize}>
      <Stack>
        <TextInput
          label={t('picker.search')}
          placeholder={t('picker.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={search}
          data-autofocus
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        {assets.isError && <QueryError error={assets.error} />}
        {assets.isPending && (
          <Center py="lg">
            <Loader aria-label={t('loading', { ns: 'common' })} />
          </Center>
        )}
        {data && data.items.length === 0 && <Text c="dimmed">{t('picker.empty')}</Text>}
        {data && data.items.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {data.items.map((asset) => (
              <AssetChoice key={asset.id} asset={asset} checked={chosen.some((a) => a.id === asset.id)} onToggle={() => toggle(asset)} />
            ))}
          </SimpleGrid>
        )}
        <ListPager total={data?.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} label={t('picker.pages')} />
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            {t('picker.selected', { count: chosen.length })}
          </Text>
          <Group>
            <Button variant="default" onClick={close}>
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button onClick={add} disabled={chosen.length === 0} loading={adding}>
              {t('picker.add', { count: chosen.length })}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
