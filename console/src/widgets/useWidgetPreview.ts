import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';

/**
 * The server's compiled presentation of a configuration as it is being edited, asked at most every
 * half second of typing; a refusal (422) carries the fields at fault.
 */
export function useWidgetPreview(provider: string, configuration: Record<string, unknown>, enabled: boolean) {
  const [settled] = useDebouncedValue(configuration, 500);
  const json = JSON.stringify(settled);
  const query = useQuery({
    queryKey: ['widget-preview', provider, json],
    queryFn: async () => {
      const { data, error } = await api.POST('/api/v1/widgets/compile-preview', { body: { provider, configuration: JSON.parse(json) } });
      if (error !== undefined || !data) throw error ?? new Error('empty answer');
      return data.data;
    },
    retry: false,
    // Compiling is for those who may change widgets (the route's rule).
    enabled,
    placeholderData: (previous) => previous,
  });
  return { ...query, pending: enabled && (query.isFetching || json !== JSON.stringify(configuration)) };
}
