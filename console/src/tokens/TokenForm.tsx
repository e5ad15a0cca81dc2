import '@mantine/dates/styles.css';
import { Button, Checkbox, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import { scopeKey } from './scope-key';
import type { BodyOf } from '../api/types';

export type TokenBody = BodyOf<'/api/v1/integration-tokens', 'post'>;
type Scope = TokenBody['scopes'][number];
export const SCOPES: readonly Scope[] = ['activity:read', 'data_source:write'];

/** Name, permissions and expiry of a new token; a string answer from `submit` is the server's refusal. */
export function TokenForm({ submit }: { submit(body: TokenBody): Promise<string | undefined> }) {
  const { t } = useTranslation(['tokens', 'common']);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const form = useForm({
    initialValues: { name: '', scopes: [] as string[], dataSourceIds: [] as string[], expiresAt: null as string | null },
    validate: {
      name: (v) => (v.trim() ? null : t('form.nameRequired')),
      scopes: (v) => (v.length ? null : t('form.scopesRequired')),
    },
  });
  const writes = form.values.scopes.includes('data_source:write');
  // The tables a writing token may be limited to (only manual tables take rows from a token).
  const tables = $api.useQuery('get', '/api/v1/data-sources', { params: { query: { provider: 'manual', pageSize: 100 } } }, { enabled: writes });
  const send = form.onSubmit(async (values) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const body: TokenBody = { name: values.name.trim(), scopes: values.scopes as Scope[] };
      if (values.scopes.includes('data_source:write') && values.dataSourceIds.length) body.dataSourceIds = values.dataSourceIds;
      if (values.expiresAt) body.expiresAt = dayjs(values.expiresAt).toISOString();
      setRefusal(await submit(body));
    } catch (err) {
      setRefusal(errorMessage(err, t('common:errors.network')));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={send} noValidate>
      <Stack>
        <TextInput label={t('form.name')} description={t('form.nameHint')} required data-autofocus {...form.getInputProps('name')} />
        <Checkbox.Group label={t('form.scopes')} withAsterisk {...form.getInputProps('scopes')}>
          <Stack gap="xs" mt="xs">
            {SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={t(`scopes.${scopeKey(scope)}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        {writes && (
          <MultiSelect
            label={t('form.tables')}
            description={t('form.tablesHint')}
            data={(tables.data?.data.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
            searchable
            {...form.getInputProps('dataSourceIds')}
          />
        )}
        <DateTimePicker
          label={t('form.expires')}
          description={t('form.expiresHint')}
          clearable
          clearButtonProps={{ 'aria-label': t('form.clearExpiry') }}
          minDate={dayjs().format('YYYY-MM-DD')}
          valueFormat="LLL"
          {...form.getInputProps('expiresAt')}
        />
        {refusal && (
          <Text c="red.8" size="sm" role="alert">
            {refusal}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
