import { Alert, Button, Group, Paper, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../api/client';
import { errorMessage, isApiError } from '../api/errors';
import { notifyDone } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { initialValues } from '../plugins/instance-forms';
import { useContentDefinitions } from '../widgets/useContentDefinitions';
import { type Mapping, MappingEditor } from './MappingEditor';
import { formPart, sourceFormSchema } from './source-form';
import { SourceSettingsForm } from './SourceSettingsForm';
import { type Inspection, isNewProvider, MAPPED, type NewProvider, type SourceDefinition } from './types';
import { useProviderLabel } from './useProviderLabel';

/** Pick a kind of source, fill in the form its provider's schema generates, map a document's fields, create. */
export function NewDataSourcePage() {
  const { t } = useTranslation(['dataSources', 'common']);
  const navigate = useNavigate();
  const providerLabel = useProviderLabel();
  const definitions = useContentDefinitions();
  const kinds = (definitions.data?.dataSources ?? []).filter((d) => isNewProvider(d.id));
  const [provider, setProvider] = useState<NewProvider | null>(null);
  const definition = kinds.find((d) => d.id === provider);
  return (
    <>
      <PageHeader title={t('create.title')} />
      <Stack maw={900}>
        {definitions.error && <QueryError error={definitions.error} />}
        <Select
          label={t('create.provider')}
          description={t('create.providerHint')}
          data={kinds.map((d) => ({ value: d.id, label: providerLabel(d.id) }))}
          value={provider}
          onChange={(value) => setProvider(value && isNewProvider(value) ? value : null)}
          allowDeselect={false}
          required
        />
        {definition && provider && (
          <CreateForm key={provider} provider={provider} definition={definition} onCreated={(id) => navigate(`/data-sources/${id}`)} />
        )}
      </Stack>
    </>
  );
}

function CreateForm({ provider, definition, onCreated }: { provider: NewProvider; definition: SourceDefinition; onCreated(id: string): void }) {
  const { t } = useTranslation(['dataSources', 'common']);
  const schema = useMemo(() => sourceFormSchema(definition.configurationSchema.jsonSchema), [definition]);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [settings, setSettings] = useState<Record<string, unknown>>(() => ({ ...initialValues(schema), ...formPart(definition.defaultConfiguration) }));
  const [mapping, setMapping] = useState<Mapping>({});
  const [inspection, setInspection] = useState<Inspection>();
  const [nameError, setNameError] = useState<string>();
  const mapped = MAPPED.includes(provider);
  const configuration = mapped ? { ...settings, mapping } : settings;
  const create = useMutation({
    mutationFn: async () => {
      const { data, error } = await api.POST('/api/v1/data-sources', {
        body: { provider, name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}), configuration },
      });
      if (error || !data) throw error ?? new Error('empty answer');
      return data.data;
    },
    onSuccess: (created) => {
      notifyDone(t('create.created', { name: created.name }));
      onCreated(created.id);
    },
  });
  const inspect = async () => {
    const { data, error } = await api.POST('/api/v1/data-sources/{id}/inspect', { params: { path: { id: provider } }, body: { configuration: settings } });
    if (error || !data) throw error ?? new Error('empty answer');
    return data.data;
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setNameError(t('create.nameRequired'));
    setNameError(undefined);
    create.mutate();
  };
  const refusal = create.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('create.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} />
        <Textarea label={t('create.description')} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
        <Paper withBorder p="md">
          <SourceSettingsForm schema={schema} value={settings} onChange={setSettings} refusal={refusal} disabled={create.isPending} />
        </Paper>
        {(mapped || provider === 'rss' || provider === 'atom') && (
          <Paper withBorder p="md">
            <MappingEditor
              provider={provider}
              inspect={inspect}
              inspection={inspection}
              onInspected={setInspection}
              mapping={mapping}
              onChange={setMapping}
              disabled={create.isPending}
            />
          </Paper>
        )}
        {mapped && !inspection && <Alert color="blue">{t('create.mappingFirst')}</Alert>}
        {refusal !== null && !isApiError(refusal) && (
          <Alert color="red" role="alert">
            {errorMessage(refusal, t('common:errors.network'))}
          </Alert>
        )}
        {isApiError(refusal) && !(refusal.error.details as { fields?: unknown } | undefined)?.fields && (
          <Alert color="red" role="alert">
            {refusal.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
