import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';

/** Picks a location, or creates one on the spot and picks it. `null` is "no location". */
export function LocationPicker({ value, onChange, disabled }: { value: string | null; onChange: (id: string | null) => void; disabled?: boolean }) {
  const { t } = useTranslation('screens');
  const client = useQueryClient();
  const locations = $api.useQuery('get', '/api/v1/locations');
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const create = $api.useMutation('post', '/api/v1/locations');

  const submit = async () => {
    try {
      const created = await create.mutateAsync({ body: { name: name.trim() } });
      await client.invalidateQueries({ queryKey: ['get', '/api/v1/locations'] });
      onChange(created.data.id);
      setCreating(false);
      setName('');
    } catch {
      // the error is shown under the field
    }
  };

  const options = (locations.data?.data.items ?? []).map((l) => ({ value: l.id, label: l.name }));
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label={t('location.label')}
          placeholder={t('location.none')}
          data={options}
          value={value}
          onChange={onChange}
          clearable
          searchable
          disabled={disabled}
          style={{ flex: 1, minWidth: 180 }}
        />
        {!creating && !disabled && (
          <Button variant="default" onClick={() => setCreating(true)}>
            {t('location.create')}
          </Button>
        )}
      </Group>
      {creating && (
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label={t('location.newName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={120}
            style={{ flex: 1, minWidth: 180 }}
            data-autofocus
          />
          <Button mt={25} onClick={submit} loading={create.isPending} disabled={!name.trim()}>
            {t('location.createButton')}
          </Button>
        </Group>
      )}
      {create.error && (
        <Alert color="red" role="alert">
          {errorMessage(create.error, '')}
        </Alert>
      )}
    </Stack>
  );
}
