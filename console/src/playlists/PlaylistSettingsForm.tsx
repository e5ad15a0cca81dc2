import { Button, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';
import type { Playlist } from './types';
import { notifyDone } from '../common/notify';
import { useShowPlaylist } from './usePlaylist';

/** The playlist's own name and description (PATCH); read-only (still legible) for a role that may not change it. */
export function PlaylistSettingsForm({ playlist, editable }: { playlist: Playlist; editable: boolean }) {
  const { t } = useTranslation('playlists');
  const show = useShowPlaylist();
  const save = $api.useMutation('patch', '/api/v1/playlists/{id}');
  const form = useForm({
    initialValues: { name: playlist.name, description: playlist.description },
    validate: { name: (v) => (v.trim() ? null : t('settings.nameRequired')) },
  });
  const submit = form.onSubmit(async (values) => {
    const saved = await save
      .mutateAsync({ params: { path: { id: playlist.id } }, body: { name: values.name.trim(), description: values.description } })
      .catch(() => undefined);
    if (!saved) return;
    await show(saved.data);
    notifyDone(t('editor.saved'));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Title order={2} size="h4" id="playlist-settings" mb="xs">
        {t('settings.title')}
      </Title>

      <Stack>
        {save.isError && <QueryError error={save.error} />}
        <TextInput label={t('settings.name')} readOnly={!editable} required maxLength={180} {...form.getInputProps('name')} />
        <Textarea label={t('settings.description')} readOnly={!editable} maxLength={2000} autosize minRows={2} {...form.getInputProps('description')} />
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('settings.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
