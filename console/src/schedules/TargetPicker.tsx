import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';

export interface CalendarTarget {
  type: 'screen' | 'group';
  id: string;
  name: string;
  /** The screen's zone; absent for a group, or a screen whose player has not reported one. */
  timezone?: string;
}

/** Whose week to show: one screen (searched on the server, for a fleet of any size) or one group. */
export function TargetPicker({ value, onChange }: { value: CalendarTarget | undefined; onChange(target: CalendarTarget | undefined): void }) {
  const { t } = useTranslation('schedules');
  const [kind, setKind] = useState<'screen' | 'group'>(value?.type ?? 'screen');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const screens = $api.useQuery('get', '/api/v1/screens', { params: { query: { page: 1, pageSize: 100, ...(debounced ? { search: debounced } : {}) } } });
  const groups = $api.useQuery('get', '/api/v1/screen-groups', { params: { query: { pageSize: 100 } } });
  const screenItems = screens.data?.data.items ?? [];
  const groupItems = groups.data?.data.items ?? [];
  const chosen = value && !screenItems.some((s) => s.id === value.id) && value.type === 'screen' ? [{ value: value.id, label: value.name }] : [];

  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="schedule-target-kind">
            {t('target.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="schedule-target-kind"
            value={kind}
            onChange={(next) => {
              setKind(next as 'screen' | 'group');
              onChange(undefined);
            }}
            data={[
              { value: 'screen', label: t('target.screen') },
              { value: 'group', label: t('target.group') },
            ]}
          />
        </Stack>
        {kind === 'screen' ? (
          <Select
            label={t('target.pickScreen')}
            searchable
            miw={260}
            data={[...screenItems.map((s) => ({ value: s.id, label: s.name })), ...chosen]}
            value={value?.type === 'screen' ? value.id : null}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            onChange={(id) => {
              const s = screenItems.find((x) => x.id === id);
              // A screen whose player has not told its zone yet is shown in the organization's default.
              onChange(s ? { type: 'screen', id: s.id, name: s.name, ...(s.timezone ? { timezone: s.timezone } : {}) } : undefined);
            }}
          />
        ) : (
          <Select
            label={t('target.pickGroup')}
            searchable
            miw={260}
            data={groupItems.map((g) => ({ value: g.id, label: g.name }))}
            value={value?.type === 'group' ? value.id : null}
            onChange={(id) => {
              const g = groupItems.find((x) => x.id === id);
              onChange(g ? { type: 'group', id: g.id, name: g.name } : undefined);
            }}
          />
        )}
      </Group>
    </Stack>
  );
}
