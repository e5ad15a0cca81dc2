import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { $api } from '../api/client';

export type PickerKind = 'screen' | 'asset' | 'playlist';
const PAGE = { pageSize: 50 };

/** The names matching a search (on the server: the fleet and library may be large), and the chosen one's. */
function useChoices(kind: PickerKind, search: string, value: string | null) {
  const query = { params: { query: { ...PAGE, ...(search ? { search } : {}) } } };
  const path = { params: { path: { id: value ?? '' } } };
  const screens = $api.useQuery('get', '/api/v1/screens', query, { enabled: kind === 'screen' });
  const assets = $api.useQuery('get', '/api/v1/assets', query, { enabled: kind === 'asset' });
  const playlists = $api.useQuery('get', '/api/v1/playlists', query, { enabled: kind === 'playlist' });
  const screen = $api.useQuery('get', '/api/v1/screens/{id}', path, { enabled: kind === 'screen' && !!value });
  const asset = $api.useQuery('get', '/api/v1/assets/{id}', path, { enabled: kind === 'asset' && !!value });
  const playlist = $api.useQuery('get', '/api/v1/playlists/{id}', path, { enabled: kind === 'playlist' && !!value });
  const found = { screen: screens, asset: assets, playlist: playlists }[kind].data?.data.items ?? [];
  const chosen = { screen: screen.data?.data, asset: asset.data?.data, playlist: playlist.data?.data }[kind];
  const data = found.map((i) => ({ value: i.id, label: i.name }));
  if (chosen && !data.some((d) => d.value === chosen.id)) data.unshift({ value: chosen.id, label: chosen.name });
  return data;
}

/** One report filter: a screen, a library item or a playlist, searched by name; clearing it shows all. */
export function ReportPicker({
  kind,
  label,
  placeholder,
  nothingFound,
  value,
  onChange,
}: {
  kind: PickerKind;
  label: string;
  placeholder: string;
  nothingFound: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const data = useChoices(kind, debounced, value);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      // The server searched already: the names it answered are the options.
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound}
      w={220}
    />
  );
}
