import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { $api } from '../api/client';

type Props = Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange' | 'filter'> & {
  value?: string[];
  onChange(value: string[]): void;
  /** Names of screens already chosen that the first page of results may not hold. */
  knownNames?: Record<string, string>;
  /** Only screens this accepts are offered (say, Linux ones). */
  offers?: (screen: { platform: string }) => boolean;
};

/**
 * Screens to pick among a fleet of any size: the typed text searches on the server (its first 100
 * matches are offered), and screens already chosen keep their names.
 */
export function ScreenMultiSelect({ value = [], onChange, knownNames = {}, offers = () => true, ...props }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const names = useRef<Record<string, string>>({ ...knownNames });
  // `page` keeps this read apart from the screens list's own (an infinite query under the same path).
  const screens = $api.useQuery('get', '/api/v1/screens', { params: { query: { page: 1, pageSize: 100, ...(debounced ? { search: debounced } : {}) } } });
  const found = (screens.data?.data.items ?? []).filter(offers);
  for (const s of found) names.current[s.id] = s.name;
  const data = [
    ...found.map((s) => ({ value: s.id, label: s.name })),
    ...value.filter((id) => !found.some((s) => s.id === id)).map((id) => ({ value: id, label: names.current[id] ?? id })),
  ];
  return (
    <MultiSelect
      {...props}
      searchable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text (name, location, room, model): show what it found.
      filter={({ options }) => options}
    />
  );
}
