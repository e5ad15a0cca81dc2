import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { type Mapping, MappingEditor } from './MappingEditor';
import { formPart, withFormPart } from './source-form';
import { type DataSourceDetail, type Inspection, MAPPED } from './types';

/** A saved source's fields read now, and (a JSON document or CSV file) its mapping changed and saved. */
export function MappingTab({ source, canEdit, onSaved }: { source: DataSourceDetail; canEdit: boolean; onSaved(): void }) {
  const { t } = useTranslation('dataSources');
  const [inspection, setInspection] = useState<Inspection>();
  const [mapping, setMapping] = useState<Mapping>(() => (source.configuration.mapping ?? {}) as Mapping);
  const inspect = async () => {
    const { data, error } = await api.GET('/api/v1/data-sources/{id}/inspect', { params: { path: { id: source.id } } });
    if (error || !data) throw error ?? new Error('empty answer');
    return data.data;
  };
  const save = useMutation({
    mutationFn: async () => {
      const configuration = { ...withFormPart(source.configuration, formPart(source.configuration)), mapping };
      const { data, error } = await api.PATCH('/api/v1/data-sources/{id}', { params: { path: { id: source.id } }, body: { configuration } });
      if (error || !data) throw error ?? new Error('empty answer');
      return data.data;
    },
    onSuccess: () => {
      notifyDone(t('mapping.saved'));
      onSaved();
    },
    onError: (error) => notifyFailed(error),
  });
  return (
    <Stack>
      <MappingEditor
        provider={source.provider}
        inspect={inspect}
        inspection={inspection}
        onInspected={setInspection}
        mapping={mapping}
        onChange={setMapping}
        disabled={!canEdit || save.isPending}
      />
      {canEdit && MAPPED.includes(source.provider) && inspection && (
        <Group justify="flex-end">
          <Button onClick={() => save.mutate()} loading={save.isPending}>
            {t('mapping.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
