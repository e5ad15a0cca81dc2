import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIBRARY_SORTS, type LibrarySort, type ListParams } from './list-params';

interface Props {
  list: ListParams;
  onChange: (change: Partial<ListParams>) => void;
  searchLabel: string;
  searchPlaceholder?: string;
}

/** A library list's search box and sort order; the page's address holds both. */
export function LibraryListControls({ list, onChange, searchLabel, searchPlaceholder }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(list.search);
  const commit = useDebouncedCallback((value: string) => onChange({ search: value }), 300);
  // The address changed under the box (back button, a shared link): show what it holds.
  useEffect(() => setSearch((typed) => (typed.trim() === list.search.trim() ? typed : list.search)), [list.search]);
  return (
    <Group align="end" gap="md">
      <TextInput
        label={searchLabel}
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          commit(e.currentTarget.value);
        }}
        w={420}
        maw="100%"
        type="search"
      />
      <Select
        label={t('list.sortBy')}
        data={LIBRARY_SORTS.map((value) => ({ value, label: t(`list.sort.${value}`) }))}
        value={list.sort}
        onChange={(value) => value && onChange({ sort: value as LibrarySort })}
        allowDeselect={false}
        w={200}
      />
    </Group>
  );
}
