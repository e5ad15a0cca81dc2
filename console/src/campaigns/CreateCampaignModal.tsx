import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';

/** Name (and describe) a new campaign with an empty draft, then open it in the builder. */
export function CreateCampaignModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const navigate = useNavigate();
  const create = $api.useMutation('post', '/api/v1/campaigns');
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
    const created = await create.mutateAsync({ body: { name: values.name.trim(), description: values.description } }).catch(() => undefined);
    if (!created) return;
    close();
    navigate(`/campaigns/${created.data.id}`);
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
