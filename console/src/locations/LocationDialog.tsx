import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import type { DataOf } from '../api/types';
import { emptyLocation, type LocationFormValues, locationBody, TEXT_FIELDS } from './location-form';

export type Location = DataOf<'/api/v1/locations', 'get'>['items'][number];

/** Adds a location, or edits the one given. */
export function LocationDialog({ opened, location, onClose }: { opened: boolean; location?: Location; onClose: () => void }) {
  const { t } = useTranslation(['locations', 'common']);
  const client = useQueryClient();
  const create = $api.useMutation('post', '/api/v1/locations');
  const update = $api.useMutation('patch', '/api/v1/locations/{id}');
  const form = useForm<LocationFormValues>({
    initialValues: emptyLocation,
    validate: { name: (value) => (value.trim() ? null : t('nameRequired')) },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts over each time the dialog opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(location ? { ...location, latitude: location.latitude ?? '', longitude: location.longitude ?? '' } : emptyLocation);
    form.resetDirty();
    create.reset();
    update.reset();
  }, [opened, location]);

  const submit = form.onSubmit(async (values) => {
    const body = locationBody(values);
    try {
      const saved = location ? await update.mutateAsync({ params: { path: { id: location.id } }, body }) : await create.mutateAsync({ body });
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/locations'] });
      notifications.show({ color: 'green', message: t('saved', { name: saved.data.name }) });
      onClose();
    } catch {
      // said above the buttons
    }
  });

  const error = create.error ?? update.error;
  return (
    <Modal opened={opened} onClose={onClose} title={location ? t('editTitle', { name: location.name }) : t('addTitle')} size="lg">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label={t('name')} maxLength={120} required data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TEXT_FIELDS.map((field) => (
              <TextInput key={field} label={t(field)} maxLength={field.startsWith('address') ? 240 : 120} {...form.getInputProps(field)} />
            ))}
            <NumberInput label={t('latitude')} min={-90} max={90} decimalScale={6} {...form.getInputProps('latitude')} />
            <NumberInput label={t('longitude')} min={-180} max={180} decimalScale={6} {...form.getInputProps('longitude')} />
          </SimpleGrid>
          {error && (
            <Alert color="red" role="alert">
              {errorMessage(error, t('common:errors.network'))}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {t('common:save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
