import { Button, Group, SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFolderPlus, IconPencil, IconSearch, IconStack2, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSET_TYPES, type LibraryFilters, type LibraryView } from './library-query';
import { openDeleteFolder, openNewCollection, openNewFolder, openRenameFolder } from './OrganizerDialogs';
import type { useOrganizers } from './useOrganizers';

interface Props {
  filters: LibraryFilters;
  onChange(filters: LibraryFilters): void;
  organizers: ReturnType<typeof useOrganizers>;
  /** May add and rename folders and collections (contributors and up). */
  canOrganize: boolean;
  /** May delete folders (editors and up). */
  canManage: boolean;
}

/** Search, filters by type, folder, tag and collection, archived or not, grid or list, and folder actions. */
export function LibraryToolbar({ filters, onChange, organizers, canOrganize, canManage }: Props) {
  const { t } = useTranslation('media');
  const [search, setSearch] = useState(filters.search);
  const sendSearch = useDebouncedCallback((value: string) => onChange({ ...filters, search: value }), 300);
  const set = (change: Partial<LibraryFilters>) => onChange({ ...filters, ...change });

  const folder = organizers.folders.find((f) => f.id === filters.folderId);
  return (
    <Stack gap="sm">
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
      </Group>
      <Group gap="sm" wrap="wrap">
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
          <>
            <Button variant="default" leftSection={<IconFolderPlus size={16} aria-hidden />} onClick={() => openNewFolder(t, organizers.folderOptions)}>
              {t('folder.new')}
            </Button>
            <Button variant="default" leftSection={<IconStack2 size={16} aria-hidden />} onClick={() => openNewCollection(t)}>
              {t('collection.new')}
            </Button>
          </>
        )}
        {folder && canOrganize && (
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => openRenameFolder(t, folder)}>
            {t('folder.rename')}
          </Button>
        )}
        {folder && canManage && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => openDeleteFolder(t, folder, async () => onChange({ ...filters, folderId: undefined }))}
          >
            {t('folder.delete')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
