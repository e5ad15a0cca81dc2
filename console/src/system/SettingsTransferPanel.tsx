import { Alert, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorCode, errorMessage } from '../api/errors';
import { notifyDone, notifyFailed } from '../common/notify';
import { ImportPreview, type Preview } from './ImportPreview';

type SettingsFile = Record<string, unknown>;

/** Saves the export as a file the browser downloads. */
function download(document: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
  const link = Object.assign(window.document.createElement('a'), { href: url, download: `signage-settings-${new Date().toISOString().slice(0, 10)}.json` });
  link.click();
  URL.revokeObjectURL(url);
}

async function readJson(file: File): Promise<SettingsFile | undefined> {
  try {
    const value: unknown = JSON.parse(await file.text());
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as SettingsFile) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For owners: export the settings document, and import one in two steps. The preview shows what
 * would change and this server's revisions; apply sends those back, so a change made in between is
 * refused (409) rather than overwritten.
 */
export function SettingsTransferPanel() {
  const { t } = useTranslation(['system', 'common']);
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [doc, setDoc] = useState<SettingsFile>();
  const [preview, setPreview] = useState<Preview>();
  const [problem, setProblem] = useState<{ title?: string; message: string }>();
  const [busy, setBusy] = useState(false);

  const exportSettings = async () => {
    const { data, error } = await api.GET('/api/v1/system/settings/export');
    if (!data) return notifyFailed(error);
    download(data.data);
    notifyDone(t('transfer.exported'));
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(undefined);
    setProblem(undefined);
    const parsed = chosen ? await readJson(chosen) : undefined;
    setDoc(parsed);
    if (chosen && !parsed) setProblem({ message: t('transfer.notJson') });
  };

  const runPreview = async () => {
    if (!doc) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const { data, error } = await api.POST('/api/v1/system/settings/import/preview', { body: doc });
      setPreview(data?.data);
      if (!data) setProblem({ message: errorMessage(error, t('common:errors.network')) });
    } finally {
      setBusy(false);
    }
  };

  const apply = async (shown: Preview) => {
    setBusy(true);
    try {
      const { data, error } = await api.POST('/api/v1/system/settings/import/apply', { body: { ...doc, expectedRevisions: shown.currentRevisions } });
      setPreview(undefined);
      if (data) {
        await client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/settings') });
        setFile(null);
        setDoc(undefined);
        notifyDone(t('transfer.applied'));
      } else if (errorCode(error) === 'settings_revision_conflict') {
        setProblem({ title: t('transfer.conflictTitle'), message: t('transfer.conflict') });
      } else {
        setProblem({ message: errorMessage(error, t('common:errors.network')) });
      }
    } finally {
      setBusy(false);
    }
  };

  const confirmApply = (shown: Preview) =>
    modals.openConfirmModal({
      title: t('transfer.confirmTitle'),
      children: <Text size="sm">{t('transfer.confirmBody')}</Text>,
      labels: { confirm: t('transfer.apply'), cancel: t('common:cancel') },
      onConfirm: () => void apply(shown),
    });

  return (
    <Stack component="section" aria-labelledby="system-transfer">
      <Title order={2} size="h4" id="system-transfer">
        {t('transfer.title')}
      </Title>
      <Text size="sm">{t('transfer.intro')}</Text>
      <Group>
        <Button variant="default" onClick={() => void exportSettings()}>
          {t('transfer.export')}
        </Button>
      </Group>
      <Group align="flex-end">
        <FileInput
          label={t('transfer.file')}
          description={t('transfer.fileHint')}
          accept="application/json,.json"
          clearable
          value={file}
          onChange={(chosen) => void choose(chosen)}
          w={360}
        />
        <Button disabled={!doc} loading={busy && !preview} onClick={() => void runPreview()}>
          {t('transfer.preview')}
        </Button>
      </Group>
      {problem && (
        <Alert color="red" title={problem.title} role="alert">
          {problem.message}
        </Alert>
      )}
      {preview && (
        <>
          <ImportPreview preview={preview} />
          <Group>
            <Button color="red" disabled={!preview.valid} loading={busy} onClick={() => confirmApply(preview)}>
              {t('transfer.apply')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
