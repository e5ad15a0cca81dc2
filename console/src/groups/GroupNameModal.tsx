import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { bodyFieldErrors } from '../api/errors';
import { notifyDone, notifyFailed } from '../common/notify';

interface Props {
  opened: boolean;
  onClose(): void;
  /** The group to rename; a new one when absent. */
  group?: { id: string; name: string; description: string };
  onCreated?(id: string): void;
}

/** Create a group, or rename one and change its description. */
export function GroupNameModal({ opened, onClose, group, onCreated }: Props) {
  const { t } = useTranslation(['groups', 'common']);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/screen-groups') });
  const create = $api.useMutation('post', '/api/v1/screen-groups', { onSettled: refresh });
  const update = $api.useMutation('patch', '/api/v1/screen-groups/{id}', { onSettled: refresh });
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: group?.name ?? '', description: group?.description ?? '' },
    validate: { name: (v) => (v.trim() ? null : t('form.nameRequired')) },
  });
  const submit = form.onSubmit(async ({ name, description }) => {
    const body = { name: name.trim(), description: description.trim() };
    try {
      if (group) {
        await update.mutateAsync({ params: { path: { id: group.id } }, body });
        notifyDone(t('form.renamed', { name: body.name }));
      } else {
        const made = await create.mutateAsync({ body });
        notifyDone(t('form.created', { name: body.name }));
        onCreated?.(made.data.id);
      }
      form.reset();
      onClose();
    } catch (error) {
      const fields = bodyFieldErrors(error);
      if (Object.keys(fields).length) form.setErrors(fields);
      else notifyFailed(error);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title={group ? t('form.renameTitle', { name: group.name }) : t('form.newTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('form.name')} required maxLength={180} data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t('form.description')} maxLength={2000} autosize minRows={2} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {group ? t('common:save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
