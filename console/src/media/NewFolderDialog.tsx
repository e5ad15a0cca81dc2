import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';

type Options = { value: string; label: string }[];

function NewFolderForm({ parents, onDone }: { parents: Options; onDone(): void }) {
  const { t } = useTranslation('media');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState<string | null>(null);
  const create = $api.useMutation('post', '/api/v1/content-folders', {
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/content-folders'] });
      notifications.show({ closeButtonProps: { 'aria-label': t('close') }, color: 'green', message: t('folder.created', { name: name.trim() }) });
      onDone();
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) create.mutate({ body: { name: name.trim(), parentId } });
      }}
    >
      <Stack>
        <TextInput label={t('folder.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={120} data-autofocus />
        <Select label={t('folder.parent')} data={parents} value={parentId} onChange={setParentId} clearable placeholder={t('folder.top')} searchable />
        {create.error && (
          <Text c="red.8" size="sm" role="alert">
            {errorMessage(create.error, t('errorFallback'))}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('folder.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A dialog that adds a folder, at the top or inside another. */
export function openNewFolder(t: TFunction<'media'>, parents: Options): void {
  const id = modals.open({
    title: t('folder.new'),
    closeButtonProps: { 'aria-label': t('close') },
    children: <NewFolderForm parents={parents} onDone={() => modals.close(id)} />,
  });
}
