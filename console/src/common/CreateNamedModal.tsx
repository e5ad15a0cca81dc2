import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryError } from './QueryError';

interface Props {
  opened: boolean;
  onClose(): void;
  labels: { title: string; name: string; description: string; nameRequired: string; submit: string };
  /** Creates the thing and answers the address of its page; undefined (a refusal, shown by `error`) keeps the dialog open. */
  create(values: { name: string; description: string }): Promise<string | undefined>;
  pending: boolean;
  error: unknown;
  /** Forgets the last refusal when the dialog closes. */
  onReset(): void;
}

/** Name (and describe) a new, empty thing of a library, then open its page. */
export function CreateNamedModal({ opened, onClose, labels, create, pending, error, onReset }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { name: '', description: '' },
    validate: { name: (v) => (v.trim() ? null : labels.nameRequired) },
  });
  const close = () => {
    form.reset();
    onReset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    const page = await create({ name: values.name.trim(), description: values.description });
    if (!page) return;
    close();
    navigate(page);
  });

  return (
    <Modal opened={opened} onClose={close} title={labels.title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {!!error && <QueryError error={error} />}
          <TextInput label={labels.name} required maxLength={180} data-autofocus {...form.getInputProps('name')} />
          <Textarea label={labels.description} maxLength={2000} autosize minRows={2} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {labels.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
