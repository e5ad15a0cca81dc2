import { Alert, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api, api } from '../api/client';
import { errorCode, errorMessage, isApiError } from '../api/errors';
import type { DataOf } from '../api/types';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { LoginBackground } from './LoginBackground';
import { SettingField } from './SettingField';
import { byCategory, changedValues, humanize, type SettingValue, settingErrors } from './setting-changes';
import { notifyDone } from '../common/notify';

type SettingsDocument = DataOf<'/api/v1/settings', 'get'>;

/**
 * What the person changed, and the revision they changed it from. Only the fields they touched are
 * kept: the others follow the live document, and a save made against an older revision is refused
 * (409) rather than writing back values someone else has changed since.
 */
interface Edits {
  base: number;
  values: Record<string, SettingValue>;
}

/** The form of a settings document, generated from its definitions; saved all at once against the revision it was edited from. */
function SettingsForm({ doc, reload }: { doc: SettingsDocument; reload(): Promise<SettingsDocument | undefined> }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const [edits, setEdits] = useState<Edits>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<{ title: string; message: string }>();
  const [busy, setBusy] = useState(false);
  const groups = useMemo(() => byCategory(doc.definitions), [doc.definitions]);
  const changes = changedValues(doc.values, edits?.values ?? {});
  const count = Object.keys(changes).length;

  const categoryLabel = (category: string) => {
    const key = `settings:categories.${category}`;
    return i18n.exists(key) ? t(key as 'settings:categories.security') : humanize(category);
  };

  const save = async () => {
    setBusy(true);
    setProblem(undefined);
    setErrors({});
    try {
      const { data, error } = await api.PATCH('/api/v1/settings', { body: { revision: edits?.base ?? doc.revision, values: changes } });
      if (data) {
        await reload();
        setEdits(undefined);
        notifyDone(t('saved'));
      } else if (errorCode(error) === 'settings_revision_conflict') {
        await reload();
        setEdits(undefined);
        setProblem({ title: t('conflictTitle'), message: t('conflict') });
      } else {
        setErrors(settingErrors(isApiError(error) ? error.error.details : undefined));
        setProblem({ title: t('invalidTitle'), message: errorMessage(error, t('common:errors.network')) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Tabs defaultValue={groups[0]?.[0]} keepMounted={false}>
        <Tabs.List aria-label={t('categoriesLabel')}>
          {groups.map(([category]) => (
            <Tabs.Tab key={category} value={category}>
              {categoryLabel(category)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {groups.map(([category, defs]) => (
          <Tabs.Panel key={category} value={category} pt="md">
            <Stack maw={640}>
              {defs.map((def) => (
                <SettingField
                  key={def.key}
                  def={def}
                  value={edits?.values[def.key] ?? doc.values[def.key] ?? def.default}
                  error={errors[def.key]}
                  onChange={(value) => setEdits((now) => ({ base: now?.base ?? doc.revision, values: { ...now?.values, [def.key]: value } }))}
                />
              ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      {problem && (
        <Alert color={Object.keys(errors).length ? 'red' : 'yellow'} title={problem.title} role="alert">
          {problem.message}
        </Alert>
      )}
      <Paper withBorder p="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }}>
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            {count > 0 && t('unsaved', { count })}
          </Text>
          <Group gap="sm">
            <Button variant="default" disabled={count === 0} onClick={() => setEdits(undefined)}>
              {t('discard')}
            </Button>
            <Button onClick={save} loading={busy} disabled={count === 0}>
              {t('save')}
            </Button>
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}

/** Organization settings, for administrators. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const settings = $api.useQuery('get', '/api/v1/settings', {}, { refetchOnWindowFocus: false });
  const doc = settings.data?.data;
  return (
    <>
      <PageHeader title={t('title')} />
      {settings.error && <QueryError error={settings.error} />}
      {doc && (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('intro')}
          </Text>
          <SettingsForm doc={doc} reload={async () => (await settings.refetch()).data?.data} />
          <LoginBackground />
        </Stack>
      )}
    </>
  );
}
