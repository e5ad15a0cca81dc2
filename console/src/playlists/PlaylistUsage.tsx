import { Alert, List, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryError } from '../common/QueryError';
import type { Playlist } from './types';
import { usePlaylist } from './usePlaylist';

type Use = { kind: 'screens' | 'screenGroups' | 'schedules' | 'campaigns' | 'layouts'; id: string; name: string };

/** Everything that plays the playlist, by kind (screens link to their page). */
export function usesOf(playlist: Playlist): Use[] {
  const usage = playlist.usage;
  const named = (kind: Use['kind'], list: { id: string; name: string }[] | undefined) => (list ?? []).map((u) => ({ kind, id: u.id, name: u.name }));
  return [
    ...named('screens', usage?.screens),
    ...named('screenGroups', usage?.screenGroups),
    ...named('schedules', usage?.schedules),
    ...named('campaigns', usage?.campaigns),
    ...named('layouts', playlist.layoutUsage),
  ];
}

/**
 * Where a playlist plays; `warn` (the delete dialog, rendered outside the router: names without links)
 * says it cannot be deleted while it does.
 */
export function PlaylistUsage({ id, warn = false }: { id: string; warn?: boolean }) {
  const { t } = useTranslation('playlists');
  const playlist = usePlaylist(id);
  if (playlist.isError) return <QueryError error={playlist.error} />;
  if (!playlist.data) return <Loader size="sm" aria-label={t('usage.loading')} />;
  const uses = usesOf(playlist.data.data);
  if (uses.length === 0) return <Text size="sm">{warn ? t('delete.notUsed') : t('usage.none')}</Text>;
  const list = (
    <List size="sm" spacing={2}>
      {uses.map((u) => (
        <List.Item key={`${u.kind}-${u.id}`}>
          {t(`usage.${u.kind}`)}: {u.kind === 'screens' && !warn ? <Link to={`/screens/${u.id}`}>{u.name}</Link> : u.name}
        </List.Item>
      ))}
    </List>
  );
  if (!warn) return list;
  return (
    <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('delete.inUseTitle')}>
      <Stack gap="xs">
        {list}
        <Text size="sm">{t('delete.inUse')}</Text>
      </Stack>
    </Alert>
  );
}
