import { Alert, Button, FileInput, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { attachImage } from './attach-image';
import { valuesToSend } from './form-fields';
import type { Form } from './form-types';
import { RecordForm, type Values } from './RecordForm';
import { useRefreshForms } from './useRefreshForms';
import { submitFrom } from './workflow-rules';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/** A new submission on the published form: saved as a draft, or saved and submitted at once. */
export function SubmitPanel({ form, onDone }: { form: Form; onDone: () => void }) {
  const { t } = useTranslation('forms');
  const refresh = useRefreshForms();
  const [title, setTitle] = useState('');
  const [values, setValues] = useState<Values>({});
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [busy, setBusy] = useState(false);
  const revision = form.publishedRevision;
  if (!revision?.schema.fields.length) return <Alert color="gray">{t('submit.notReady')}</Alert>;
  const fields = revision.schema.fields;

  const save = async (submit: boolean) => {
    setBusy(true);
    try {
      const created = await api.POST('/api/v1/data-sources/{id}/records', {
        params: { path: { id: form.id } },
        body: { values: valuesToSend(fields, values), displayTitle: title.trim() || null },
      });
      if (created.error) throw created.error;
      const record = created.data.data;
      let version = record.version;
      for (const [key, file] of Object.entries(files)) if (file) version = await attachImage(form.id, record.id, key, file, version);
      const next = submit ? submitFrom(form.workflow, record.state) : undefined;
      if (next) {
        const moved = await api.POST('/api/v1/data-sources/{id}/records/{recordId}/transitions', {
          params: { path: { id: form.id, recordId: record.id } },
          body: { toState: next.to, version },
        });
        // The draft stays, to be finished from the records list.
        if (moved.error) throw moved.error;
      }
      notifyDone(next ? t('submit.submitted') : t('submit.saved'));
      setTitle('');
      setValues({});
      setFiles({});
      onDone();
    } catch (error) {
      notifyFailed(error);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  return (
    <Stack maw={720}>
      <TextInput
        label={t('submit.title')}
        description={t('submit.titleHint')}
        maxLength={240}
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <RecordForm
        fields={fields}
        values={values}
        onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
        image={(f) => (
          <FileInput
            label={f.label}
            description={f.description}
            withAsterisk={f.required ?? false}
            accept={IMAGE_TYPES}
            clearable
            value={files[f.key] ?? null}
            onChange={(file) => setFiles((x) => ({ ...x, [f.key]: file }))}
          />
        )}
      />
      <Group justify="flex-end">
        <Button variant="default" loading={busy} onClick={() => save(false)}>
          {t('submit.saveDraft')}
        </Button>
        <Button loading={busy} onClick={() => save(true)}>
          {t('submit.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
