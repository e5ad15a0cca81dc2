import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { SCREEN_STATUSES, type ScreenFilters, type ScreenStatus } from './screen-filters';

/** Search and the status and location filters over the screens list. */
export function ScreenFiltersBar({ filters, onChange }: { filters: ScreenFilters; onChange: (change: Partial<ScreenFilters>) => void }) {
  const { t } = useTranslation('screens');
  const locations = $api.useQuery('get', '/api/v1/locations');
  const [search, setSearch] = useState(filters.search);
  const commitSearch = useDebouncedCallback((value: string) => onChange({ search: value }), 300);
  // The address bar changed (back button, a shared link): the box follows it.
  useEffect(() => setSearch(filters.search), [filters.search]);

  const statusOptions = SCREEN_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));
  const locationOptions = (locations.data?.data.items ?? []).map((l) => ({ value: l.id, label: l.name }));
  const filtered = Boolean(filters.search || filters.status || filters.locationId);
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <TextInput
        type="search"
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={120}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          commitSearch(e.currentTarget.value);
        }}
        style={{ flex: '1 1 220px' }}
      />
      <Select
        label={t('filters.status')}
        placeholder={t('filters.anyStatus')}
        data={statusOptions}
        value={filters.status ?? null}
        onChange={(value) => onChange({ status: (value as ScreenStatus | null) ?? undefined })}
        clearable
        style={{ flex: '0 1 180px' }}
      />
      <Select
        label={t('filters.location')}
        placeholder={t('filters.anyLocation')}
        data={locationOptions}
        value={filters.locationId ?? null}
        onChange={(value) => onChange({ locationId: value ?? undefined })}
        clearable
        searchable
        style={{ flex: '0 1 200px' }}
      />
      {filtered && (
        <Button variant="subtle" onClick={() => onChange({ search: '', status: undefined, locationId: undefined })}>
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
