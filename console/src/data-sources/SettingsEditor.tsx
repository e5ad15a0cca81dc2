import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { notifyDone } from '../common/notify';
import { formPart, sourceFormSchema, withFormPart } from './source-form';
import { SourceSettingsForm } from './SourceSettingsForm';
import type { DataSourceDetail, SourceDefinition } from './types';

/** A source's name, description and provider settings (the generated form); saving reads it again. */
export function SettingsEditor({
  source,
  definition,
  canEdit,
  onSaved,
}: {
  source: DataSourceDetail;
  definition: SourceDefinition;
  canEdit: boolean;
  onSaved(): void;
}) {
  const { t } = useTranslation('dataSources');
  const schema = useMemo(() => sourceFormSchema(definition.configurationSchema.jsonSchema), [definition]);
  const [name, setName] = useState(source.name);
  const [description, setDescription] = useState(source.description);
  const [settings, setSettings] = useState(() => formPart(source.configuration));
  const save = useMutation({
    mutationFn: async () => {
      const { data, error } = await api.PATCH('/api/v1/data-sources/{id}', {
        params: { path: { id: source.id } },
        body: { name: name.trim(), description, configuration: withFormPart(source.configuration, settings) },
      });
      if (error || !data) throw error ?? new Error('empty answer');
      return data.data;
    },
    onSuccess: () => {
      notifyDone(t('detail.saved'));
      onSaved();
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      noValidate
    >
      <Stack maw={900}>
        <TextInput label={t('create.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} disabled={!canEdit} />
        <Textarea
          label={t('create.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
          disabled={!canEdit}
        />
        <SourceSettingsForm schema={schema} value={settings} onChange={setSettings} refusal={save.error} disabled={!canEdit || save.isPending} />
        {canEdit && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('detail.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
