import { Alert, Button, Grid, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ErrorSchema } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { $api, api } from '../api/client';
import { isApiError } from '../api/errors';
import { useAuthStatus } from '../auth/useAuthStatus';
import { notifyDone, notifyFailed } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { placeErrors } from '../plugins/instance-forms';
import { compatibleSources, configurationForm, configurationIssues, sourceField } from './config-schema';
import { contentRights } from './rights';
import type { Catalog, WidgetAsset, WidgetDefinition } from './types';
import { useContentDefinitions } from './useContentDefinitions';
import { useWidgetPreview } from './useWidgetPreview';
import { WidgetConfigForm } from './WidgetConfigForm';
import { WidgetPreview } from './WidgetPreview';
import { WidgetSourcePicker } from './WidgetSourcePicker';
import { BackLink } from '../common/BackLink';
import { PageLoader } from '../common/PageLoader';

interface Initial {
  name: string;
  description: string;
  configuration: Record<string, unknown>;
}

/** A new widget of a type (`/widgets/new/:type`) or an existing one (`/widgets/:id`): settings, data source and live preview. */
export function WidgetEditorPage() {
  const { t } = useTranslation('widgets');
  const { id, type } = useParams();
  const catalog = useContentDefinitions();
  const asset = $api.useQuery('get', '/api/v1/assets/{id}', { params: { path: { id: id ?? '' } } }, { enabled: Boolean(id) });
  const widget = (asset.data?.data as WidgetAsset | undefined)?.widget;
  const definition = catalog.data?.widgets.find((w) => w.id === (type ?? widget?.provider));
  const back = <BackLink to="/widgets">{t('editor.back')}</BackLink>;
  const failed = catalog.error ?? asset.error;
  if (failed || !catalog.data || (id && !asset.data)) {
    return (
      <Stack>
        {back}
        <PageHeader title={t('title')} />
        {failed ? <QueryError error={failed} /> : <PageLoader />}
      </Stack>
    );
  }
  if (!definition) {
    return (
      <Stack>
        {back}
        <PageHeader title={t('title')} />
        <Alert color="red">{t('editor.unknownType', { type: type ?? widget?.provider ?? '' })}</Alert>
      </Stack>
    );
  }
  const initial: Initial = asset.data
    ? { name: asset.data.data.name, description: asset.data.data.description, configuration: widget?.configuration ?? {} }
    : { name: definition.name, description: '', configuration: definition.defaultConfiguration };
  return (
    <Stack>
      {back}
      <WidgetEditor key={id ?? type} id={id} definition={definition} catalog={catalog.data} initial={initial} />
    </Stack>
  );
}

function WidgetEditor({ id, definition, catalog, initial }: { id?: string; definition: WidgetDefinition; catalog: Catalog; initial: Initial }) {
  const { t } = useTranslation('widgets');
  const navigate = useNavigate();
  const client = useQueryClient();
  const rights = contentRights(useAuthStatus().role);
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [configuration, setConfiguration] = useState(initial.configuration);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>();
  const fields = definition.configurationSchema.fields;
  const bound = sourceField(fields);
  const key = bound?.key;
  const sources = $api.useQuery('get', '/api/v1/data-sources', { params: { query: { pageSize: 100 } } }, { enabled: Boolean(key) });
  const chosenSource = key ? String(configuration[key] ?? '') : '';
  const source = $api.useQuery('get', '/api/v1/data-sources/{id}', { params: { path: { id: chosenSource } } }, { enabled: Boolean(chosenSource) });
  const compatible = compatibleSources(sources.data?.data.items ?? [], catalog.dataSources, definition.acceptedDataSourceKinds);
  const form = configurationForm(fields, { fields: source.data?.data.fields.map((f) => ({ key: f.key, label: f.label })) }, t('editor.noSource'));
  const preview = useWidgetPreview(definition.id, configuration, rights.edit);
  const refusal = saveError ?? preview.error ?? undefined;
  // The source's complaints go to the picker beside the form, the others to the form's fields.
  const placeable = { ...form.schema, properties: { ...form.schema.properties, ...(key ? { [key]: {} } : {}) } };
  const placed = isApiError(refusal) ? placeErrors(configurationIssues(refusal.error.details), placeable) : undefined;

  const save = async () => {
    setSaving(true);
    setSaveError(undefined);
    const body = { name: name.trim(), description, configuration };
    const result = id
      ? await api.PATCH('/api/v1/widgets/{id}', { params: { path: { id } }, body })
      : await api.POST('/api/v1/widgets', { body: { provider: definition.id, ...body } });
    setSaving(false);
    if (result.error !== undefined || !result.data) {
      setSaveError(result.error);
      notifyFailed(result.error);
      return;
    }
    notifyDone(t('editor.saved', { name: result.data.data.name }));
    await client.invalidateQueries({ queryKey: ['get', '/api/v1/assets'] });
    if (!id) navigate(`/widgets/${result.data.data.id}`, { replace: true });
  };

  return (
    <>
      <PageHeader title={id ? initial.name : t('editor.newTitle', { type: definition.name })}>
        {rights.edit && (
          <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={save} loading={saving} disabled={!name.trim()}>
            {id ? t('editor.save') : t('editor.create')}
          </Button>
        )}
      </PageHeader>
      {!rights.edit && <Alert color="gray">{t('editor.readOnly')}</Alert>}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md">
            <Stack>
              <TextInput
                label={t('editor.name')}
                required
                maxLength={180}
                disabled={!rights.edit}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <Textarea
                label={t('editor.description')}
                disabled={!rights.edit}
                maxLength={2000}
                autosize
                minRows={2}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
              />
              {bound && (
                <WidgetSourcePicker
                  field={bound}
                  sources={sources.data ? compatible : undefined}
                  kinds={definition.acceptedDataSourceKinds}
                  value={chosenSource}
                  disabled={!rights.edit}
                  error={(placed?.tree[bound.key] as { __errors?: string[] } | undefined)?.__errors?.join(' ')}
                  onChange={(id) => setConfiguration((c) => ({ ...c, [bound.key]: id }))}
                />
              )}
              {placed && placed.unplaced.length > 0 && (
                <Alert color="red" title={t('editor.problems')}>
                  {placed.unplaced.join(' ')}
                </Alert>
              )}
              <WidgetConfigForm
                schema={form.schema}
                uiSchema={form.uiSchema}
                value={configuration}
                onChange={setConfiguration}
                errors={placed?.tree as ErrorSchema | undefined}
                disabled={!rights.edit}
              />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md">
            <WidgetPreview presentation={preview.error ? undefined : preview.data} refusal={refusal} pending={preview.pending} />
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
