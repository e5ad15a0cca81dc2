import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconWorldPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';

function NewWebsiteForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('media');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('https://');
  const create = $api.useMutation('post', '/api/v1/assets/websites', {
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
      notifications.show({ color: 'green', message: t('website.created', { name: name.trim() }) });
      onDone();
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ body: { name: name.trim(), url: url.trim() } });
      }}
    >
      <Stack>
        <TextInput label={t('website.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={180} data-autofocus />
        <TextInput label={t('website.url')} type="url" value={url} onChange={(e) => setUrl(e.currentTarget.value)} required maxLength={2048} />
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
            {t('website.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds a web page to the library (it is ready at once). */
export function NewWebsiteButton() {
  const { t } = useTranslation('media');
  const open = () => {
    const id = modals.open({
      title: t('website.new'),
      children: <NewWebsiteForm onDone={() => modals.close(id)} />,
    });
  };
  return (
    <Button variant="default" leftSection={<IconWorldPlus size={16} aria-hidden />} onClick={open}>
      {t('website.new')}
    </Button>
  );
}
