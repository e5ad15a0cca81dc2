import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { QueryError } from './QueryError';

/** The libraries whose things start as a name and a description; each has its `create.*` words. */
type Library = 'playlists' | 'campaigns';

/** Name (and describe) a new, empty thing of a library, then open its page. */
export function CreateNamedModal({ library, opened, onClose }: { library: Library; opened: boolean; onClose(): void }) {
  const { t } = useTranslation([library, 'common']);
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: async (body: { name: string; description: string }) => {
      const { data, error } = await api.POST(`/api/v1/${library}`, { body });
      if (error) throw error;
      return data.data.id;
    },
  });
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: { name: (v) => (v.trim() ? null : t('create.nameRequired')) },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    const id = await create.mutateAsync({ name: values.name.trim(), description: values.description }).catch(() => undefined);
    if (!id) return;
    close();
    navigate(`/${library}/${id}`);
  });

  return (
    <Modal opened={opened} onClose={close} title={t('create.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {create.isError && <QueryError error={create.error} />}
          <TextInput label={t('create.name')} required maxLength={180} data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t('create.description')} maxLength={2000} autosize minRows={2} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
