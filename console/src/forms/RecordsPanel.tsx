import { Anchor, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../common/useAddressParams';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';
import { exactTime, fromNow } from '../screens/dates';
import type { Form } from './form-types';
import { RecordDrawer } from './RecordDrawer';
import { StateBadge } from './StateBadge';
import { stateLabels } from './workflow-rules';

const PAGE_SIZE = 25;

/** The form's records (the caller's own, for those who do not see all): filtered by state, searched, opened in a drawer. */
export function RecordsPanel({ form }: { form: Form }) {
  const { t } = useTranslation('forms');
  const [search, setSearch] = useAddressParams();
  const [state, setState] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const labels = stateLabels(form.workflow);
  const list = $api.useQuery('get', '/api/v1/data-sources/{id}/records', {
    params: { path: { id: form.id }, query: { page, pageSize: PAGE_SIZE, ...(state ? { states: state } : {}), ...(debounced ? { search: debounced } : {}) } },
  });
  const records = list.data?.data.items ?? [];
  const total = list.data?.data.total ?? 0;
  const open = search.get('record');
  const openRecord = (recordId: string | null) =>
    setSearch(
      (s) => {
        if (recordId) s.set('record', recordId);
        else s.delete('record');
        return s;
      },
      { replace: true },
    );
  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={t('records.state')}
          placeholder={t('records.allStates')}
          clearable
          data={form.workflow.states.map((s) => ({ value: s.key, label: s.label }))}
          value={state}
          onChange={(v) => {
            setState(v);
            setPage(1);
          }}
        />
        <TextInput
          label={t('records.search')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {list.error && <QueryError error={list.error} />}
      {list.isSuccess && !records.length && <Text c="dimmed">{t('records.none')}</Text>}
      {records.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('records.caption')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('records.title')}</Table.Th>
                <Table.Th>{t('records.submitter')}</Table.Th>
                <Table.Th>{t('records.state')}</Table.Th>
                <Table.Th>{t('records.updated')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => openRecord(r.id)}>
                      {r.displayTitle || t('records.untitled')}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{r.submitterName}</Table.Td>
                  <Table.Td>
                    <StateBadge label={labels.get(r.state) ?? r.state} onAir={r.eligible} />
                  </Table.Td>
                  <Table.Td>
                    <time dateTime={r.updatedAt} title={exactTime(r.updatedAt)}>
                      {fromNow(r.updatedAt)}
                    </time>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`records.page.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('records.page.number', { page: String(p) }) })}
        />
      )}
      <RecordDrawer form={form} recordId={open} onClose={() => openRecord(null)} />
    </Stack>
  );
}
