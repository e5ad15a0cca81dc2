import { Alert, Button, Group, SimpleGrid, Stack, Table, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import { exactTime } from './dates';
import { LocationPicker } from './LocationPicker';
import type { Screen } from './types';

/** The screen's name and place (editable by administrators) and what its device reported. */
export function ScreenOverview({ screen, canEdit }: { screen: Screen; canEdit: boolean }) {
  const { t } = useTranslation(['screens', 'common']);
  const client = useQueryClient();
  const [name, setName] = useState(screen.name);
  const [locationId, setLocationId] = useState<string | null>(screen.locationId ?? null);
  const [room, setRoom] = useState(screen.roomName);
  const save = $api.useMutation('patch', '/api/v1/screens/{id}');

  useEffect(() => {
    setName(screen.name);
    setLocationId(screen.locationId ?? null);
    setRoom(screen.roomName);
  }, [screen.name, screen.locationId, screen.roomName]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync({ params: { path: { id: screen.id } }, body: { name: name.trim(), locationId, roomName: room.trim() } });
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/screens'] });
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/screens/{id}'] });
      notifications.show({ color: 'green', message: t('detail.saved') });
    } catch {
      // said above the button
    }
  };

  const facts: [string, string][] = [
    [t('detail.device'), `${screen.deviceManufacturer} ${screen.deviceModel}`],
    [t('detail.platform'), `${screen.platform} ${screen.androidVersion}`],
    [t('detail.resolution'), `${screen.screenWidth} × ${screen.screenHeight}`],
    [t('detail.playerVersion'), screen.playerVersion],
    [t('detail.timezone'), screen.timezone],
    [t('detail.locale'), screen.locale],
    [t('detail.paired'), exactTime(screen.pairedAt)],
    [t('detail.address'), screen.lastKnownIp ?? '—'],
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} size="h4">
            {t('detail.settings')}
          </Title>
          {!canEdit && <Alert color="gray">{t('detail.readOnly')}</Alert>}
          <TextInput
            label={t('detail.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            minLength={2}
            maxLength={120}
            required
            disabled={!canEdit}
          />
          <LocationPicker value={locationId} onChange={setLocationId} disabled={!canEdit} />
          <TextInput label={t('detail.room')} value={room} onChange={(e) => setRoom(e.currentTarget.value)} maxLength={120} disabled={!canEdit} />
          {save.error !== null && (
            <Alert color="red" role="alert">
              {errorMessage(save.error, t('common:errors.network'))}
            </Alert>
          )}
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={name.trim().length < 2}>
                {t('detail.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <Stack>
        <Title order={2} size="h4">
          {t('detail.facts')}
        </Title>
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={160}>{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </SimpleGrid>
  );
}
