import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';

/**
 * What a block may play, for one select grouped by kind: the first 100 playlists and layouts
 * (values `playlist:<id>`, `layout:<id>`), and a name for each to show in the blocks table.
 */
export function useContentChoices() {
  const { t } = useTranslation('campaigns');
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } });
  const layouts = $api.useQuery('get', '/api/v1/layouts', { params: { query: { pageSize: 100 } } });
  return [
    { group: t('block.playlists'), items: (playlists.data?.data.items ?? []).map((p) => ({ value: `playlist:${p.id}`, label: p.name })) },
    { group: t('block.layouts'), items: (layouts.data?.data.items ?? []).map((l) => ({ value: `layout:${l.id}`, label: l.name })) },
  ];
}
