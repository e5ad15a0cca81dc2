import { Alert, Badge, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { AssetPickerModal } from './AssetPickerModal';
import { PlaylistItems } from './PlaylistItems';
import { PlaylistSettingsForm } from './PlaylistSettingsForm';
import { PlaylistUsage } from './PlaylistUsage';
import { playlistRights } from './rights';
import { TagItems } from './TagItems';
import { TagRuleForm } from './TagRuleForm';
import { totalSeconds } from './durations';
import { useFormatSeconds } from './useFormatSeconds';
import { useConfirmDeletePlaylist } from './useConfirmDeletePlaylist';
import { usePlaylist, useReloadPlaylist } from './usePlaylist';
import { publishPlaylist } from './usePublishPlaylist';
import { CurrentSubmission } from '../editorial/CurrentSubmission';
import { HistoryPanel } from '../editorial/HistoryPanel';
import { PublishControls } from '../editorial/PublishControls';
import { BackLink } from '../common/BackLink';
import { PageLoader } from '../common/PageLoader';

/** One playlist: its items in play order, its tag rule, its name, where it plays; publish or submit its draft, and its history. */
export function PlaylistPage() {
  const { t } = useTranslation(['playlists', 'editorial']);
  const id = useParams().id ?? '';
  const reload = useReloadPlaylist();
  const navigate = useNavigate();
  const rights = playlistRights(useAuthStatus().role);
  const query = usePlaylist(id);
  const [picking, picker] = useDisclosure(false);
  const confirmDelete = useConfirmDeletePlaylist(() => navigate('/playlists'));
  const format = useFormatSeconds();
  const playlist = query.data?.data;

  const back = <BackLink to="/playlists">{t('editor.back')}</BackLink>;
  if (!playlist) {
    return (
      <Stack>
        {back}
        {query.isError ? (
          <>
            <PageHeader title={t('title')} />
            <QueryError error={query.error} />
          </>
        ) : (
          <PageLoader />
        )}
      </Stack>
    );
  }

  const locked = playlist.tagRule?.enabled === true;
  const manual = playlist.items.filter((i) => !i.dynamic);
  const dynamic = playlist.items.filter((i) => i.dynamic);
  const editItems = rights.edit && !locked;
  const running = totalSeconds(playlist.items);

  return (
    <Stack gap="lg">
      {back}
      <PageHeader title={playlist.name}>
        <Badge variant="light" color={playlist.hasUnpublishedChanges ? 'yellow' : 'green'}>
          {t(playlist.hasUnpublishedChanges ? 'status.changed' : 'status.published', { revision: String(playlist.publishedRevision) })}
        </Badge>
        {editItems && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={picker.open}>
            {t('editor.addMedia')}
          </Button>
        )}
        {rights.edit && (
          <PublishControls
            type="playlist"
            contentId={playlist.id}
            canPublish={rights.publish}
            canSubmit={rights.edit}
            prepare={async () => playlist.draftRevision}
            publish={(revision) => publishPlaylist(playlist.id, revision)}
            onConflict={() => reload(playlist.id)}
          />
        )}
        {rights.delete && (
          <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => confirmDelete(playlist)}>
            {t('delete.confirm')}
          </Button>
        )}
      </PageHeader>
      {!rights.edit && <Alert color="gray">{t('editor.readOnly')}</Alert>}
      <CurrentSubmission contentId={playlist.id} />
      {playlist.warnings.length > 0 && (
        <Alert color="red" title={t('editor.warnings')}>
          <List size="sm">
            {playlist.warnings.map((w) => (
              <List.Item key={w}>{w}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="playlist-items">
        <Title order={2} size="h4" id="playlist-items" mb="xs">
          {t('editor.itemsTitle')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('editor.summary', {
            count: playlist.items.length,
            duration: running.complete ? format(running.seconds) : t('editor.atLeast', { duration: format(running.seconds) }),
          })}
        </Text>
        {locked && rights.edit && (
          <Alert color="grape" mb="sm">
            {t('editor.tagRuleLocks')}
          </Alert>
        )}
        {manual.length === 0 ? <Text c="dimmed">{t('editor.empty')}</Text> : <PlaylistItems playlist={playlist} items={manual} editable={editItems} />}
        {dynamic.length > 0 && <TagItems items={dynamic} />}
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="playlist-tag-rule">
        <TagRuleForm key={JSON.stringify(playlist.tagRule ?? null)} playlist={playlist} editable={rights.edit} />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="playlist-settings">
        <PlaylistSettingsForm key={`${playlist.name}\n${playlist.description}`} playlist={playlist} editable={rights.edit} />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="playlist-usage">
        <Title order={2} size="h4" id="playlist-usage" mb="xs">
          {t('usage.title')}
        </Title>
        <PlaylistUsage id={playlist.id} />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="playlist-history">
        <Title order={2} size="h4" id="playlist-history" mb="xs">
          {t('history.title', { ns: 'editorial' })}
        </Title>
        <HistoryPanel type="playlist" contentId={playlist.id} canRestore={rights.edit} canRollback={rights.publish} onRestored={() => reload(playlist.id)} />
      </Paper>
      {editItems && <AssetPickerModal playlistId={playlist.id} opened={picking} onClose={picker.close} />}
    </Stack>
  );
}
