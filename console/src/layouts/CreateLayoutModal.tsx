import { Button, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';

type Orientation = 'landscape' | 'portrait' | 'custom';
const PRESETS = { landscape: [1920, 1080], portrait: [1080, 1920] } as const;

/** Name a new layout and choose its canvas (a landscape or portrait screen, or a custom size), then open it in the editor. */
export function CreateLayoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('layouts');
  const navigate = useNavigate();
  const create = $api.useMutation('post', '/api/v1/layouts');
  const form = useForm({
    initialValues: {
      name: '',
      description: '',
      canvas: 'landscape' as keyof typeof PRESETS | 'custom',
      orientation: 'custom' as Orientation,
      width: 1920,
      height: 1080,
    },
    validate: {
      name: (v) => (v.trim() ? null : t('create.nameRequired')),
      orientation: (v, all) =>
        all.canvas !== 'custom' || v === 'custom' || (v === 'landscape') === all.width > all.height ? null : t('create.orientationMismatch'),
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  const submit = form.onSubmit(async (v) => {
    const [canvasWidth, canvasHeight] = v.canvas === 'custom' ? [v.width, v.height] : PRESETS[v.canvas];
    const orientation = v.canvas === 'custom' ? v.orientation : v.canvas;
    const body = { name: v.name.trim(), description: v.description, orientation, canvasWidth, canvasHeight };
    const created = await create.mutateAsync({ body }).catch(() => undefined);
    if (!created) return;
    close();
    navigate(`/layouts/${created.data.id}`);
  });
  const custom = form.values.canvas === 'custom';
  return (
    <Modal opened={opened} onClose={close} title={t('create.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {create.isError && <QueryError error={create.error} />}
          <TextInput label={t('create.name')} required maxLength={180} data-autofocus {...form.getInputProps('name')} />
          <Textarea label={t('create.description')} maxLength={2000} autosize minRows={2} {...form.getInputProps('description')} />
          <Select
            label={t('create.canvas')}
            allowDeselect={false}
            data={[
              { value: 'landscape', label: t('create.landscape') },
              { value: 'portrait', label: t('create.portrait') },
              { value: 'custom', label: t('create.custom') },
            ]}
            {...form.getInputProps('canvas')}
          />
          {custom && (
            <>
              <Group grow>
                <NumberInput label={t('create.width')} min={320} max={7680} allowDecimal={false} clampBehavior="strict" {...form.getInputProps('width')} />
                <NumberInput label={t('create.height')} min={320} max={7680} allowDecimal={false} clampBehavior="strict" {...form.getInputProps('height')} />
              </Group>
              <Select
                label={t('create.orientation')}
                allowDeselect={false}
                data={(['landscape', 'portrait', 'custom'] as const).map((o) => ({ value: o, label: t(`orientation.${o}`) }))}
                {...form.getInputProps('orientation')}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel', { ns: 'common' })}
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
