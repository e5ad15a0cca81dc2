import { MultiSelect, Select, Stack, TagsInput, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { dataOf, errorMessage } from '../api/errors';
import type { BodyOf } from '../api/types';
import type { LibraryAsset } from './asset-types';
import type { useOrganizers } from './useOrganizers';

type BulkBody = Omit<BodyOf<'/api/v1/assets/bulk-organize', 'post'>, 'assetIds'>;

interface Props {
  asset: LibraryAsset;
  organizers: ReturnType<typeof useOrganizers>;
  canEdit: boolean;
}

/** The asset's folder, tags (a new name makes a new tag) and collections, each saved as it changes. */
export function AssetOrganize({ asset, organizers, canEdit }: Props) {
  const { t } = useTranslation('media');
  const client = useQueryClient();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<BulkBody>) => {
    setBusy(true);
    setError(undefined);
    try {
      const body = await work();
      dataOf(await api.POST('/api/v1/assets/bulk-organize', { body: { assetIds: [asset.id], ...body } }));
    } catch (e) {
      setError(errorMessage(e, t('errorFallback')));
    } finally {
      setBusy(false);
      await Promise.all(
        ['/api/v1/assets', '/api/v1/assets/{id}', '/api/v1/content-folders', '/api/v1/content-tags', '/api/v1/content-collections'].map((path) =>
          client.invalidateQueries({ queryKey: ['get', path] }),
        ),
      );
    }
  };

  const setTags = (names: string[]) =>
    run(async () => {
      const byName = new Map(organizers.tags.map((tag) => [tag.name.toLowerCase(), tag.id]));
      const ids: string[] = [];
      for (const name of names.map((n) => n.trim()).filter(Boolean)) {
        const known = byName.get(name.toLowerCase());
        ids.push(known ?? dataOf(await api.POST('/api/v1/content-tags', { body: { name } })).id);
      }
      const current = asset.tags.map((tag) => tag.id);
      return { addTagIds: ids.filter((id) => !current.includes(id)), removeTagIds: current.filter((id) => !ids.includes(id)) };
    });

  const setCollections = (ids: string[]) =>
    run(async () => ({
      addCollectionIds: ids.filter((id) => !asset.collectionIds.includes(id)),
      removeCollectionIds: asset.collectionIds.filter((id) => !ids.includes(id)),
    }));

  return (
    <Stack gap="sm">
      <Select
        label={t('organize.folder')}
        data={[{ value: '', label: t('library.noFolder') }, ...organizers.folderOptions]}
        value={asset.folderId ?? ''}
        onChange={(value) => void run(async () => ({ setFolder: true, folderId: value || null }))}
        allowDeselect={false}
        searchable
        disabled={!canEdit || busy}
      />
      <TagsInput
        label={t('organize.tags')}
        description={canEdit ? t('organize.tagsHint') : undefined}
        data={organizers.tags.map((tag) => tag.name)}
        value={asset.tags.map((tag) => tag.name)}
        onChange={(names) => void setTags(names)}
        disabled={!canEdit || busy}
        maxLength={60}
      />
      <MultiSelect
        label={t('organize.collections')}
        data={organizers.collections.map((c) => ({ value: c.id, label: c.name }))}
        value={asset.collectionIds}
        onChange={(ids) => void setCollections(ids)}
        disabled={!canEdit || busy || organizers.collections.length === 0}
        placeholder={organizers.collections.length === 0 ? t('organize.noCollections') : undefined}
        searchable
      />
      {error && (
        <Text c="red.8" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
