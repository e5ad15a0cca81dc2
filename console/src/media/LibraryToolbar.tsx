import { Button, Group, SegmentedControl, Select, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFolderPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_TYPES, type LibraryFilters, type LibraryView } from './library-query';
import { openNewFolder } from './NewFolderDialog';
import type { useOrganizers } from './useOrganizers';

interface Props {
  filters: LibraryFilters;
  onChange(filters: LibraryFilters): void;
  organizers: ReturnType<typeof useOrganizers>;
  canOrganize: boolean;
}

/** Search, filters by type, folder, tag and collection, archived or not, and grid or list. */
export function LibraryToolbar({ filters, onChange, organizers, canOrganize }: Props) {
  const { t } = useTranslation('media');
  const [search, setSearch] = useState(filters.search);
  const sendSearch = useDebouncedCallback((value: string) => onChange({ ...filters, search: value }), 300);
  const set = (change: Partial<LibraryFilters>) => onChange({ ...filters, ...change });

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('library.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={200}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          sendSearch(e.currentTarget.value);
        }}
        w={{ base: '100%', sm: 220 }}
      />
      <Select
        label={t('library.type')}
        data={[{ value: '', label: t('library.allTypes') }, ...ASSET_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))]}
        value={filters.type ?? ''}
        onChange={(value) => set({ type: ASSET_TYPES.find((type) => type === value) })}
        allowDeselect={false}
        w={{ base: '100%', xs: 150 }}
      />
      <Select
        label={t('library.folder')}
        data={[{ value: '', label: t('library.allFolders') }, { value: 'none', label: t('library.noFolder') }, ...organizers.folderOptions]}
        value={filters.folderId ?? ''}
        onChange={(value) => set({ folderId: value || undefined })}
        allowDeselect={false}
        searchable
        w={{ base: '100%', xs: 200 }}
      />
      <Select
        label={t('library.tag')}
        data={[{ value: '', label: t('library.allTags') }, ...organizers.tags.map((tag) => ({ value: tag.id, label: tag.name }))]}
        value={filters.tagId ?? ''}
        onChange={(value) => set({ tagId: value || undefined })}
        allowDeselect={false}
        searchable
        w={{ base: '100%', xs: 160 }}
      />
      <Select
        label={t('library.collection')}
        data={[{ value: '', label: t('library.allCollections') }, ...organizers.collections.map((c) => ({ value: c.id, label: c.name }))]}
        value={filters.collectionId ?? ''}
        onChange={(value) => set({ collectionId: value || undefined })}
        allowDeselect={false}
        searchable
        w={{ base: '100%', xs: 170 }}
      />
      <Switch label={t('library.archived')} checked={filters.archived} onChange={(e) => set({ archived: e.currentTarget.checked })} mb={8} />
      <SegmentedControl
        aria-label={t('library.view')}
        data={[
          { value: 'grid', label: t('library.grid') },
          { value: 'list', label: t('library.list') },
        ]}
        value={filters.view}
        onChange={(value) => set({ view: value as LibraryView })}
      />
      {canOrganize && (
        <Button variant="default" leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={() => openNewFolder(t, organizers.folderOptions)}>
          {t('folder.new')}
        </Button>
      )}
    </Group>
  );
}
