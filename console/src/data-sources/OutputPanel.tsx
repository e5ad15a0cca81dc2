import { Alert, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import '../common/dates';
import { QueryError } from '../common/QueryError';

/** What screens showing the source get: its records as players receive them (the first 20, as text). */
export function OutputPanel({ id, name }: { id: string; name: string }) {
  const { t } = useTranslation('dataSources');
  const outputs = $api.useQuery('get', '/api/v1/data-sources/{id}/outputs', { params: { path: { id } } });
  if (outputs.error) return <QueryError error={outputs.error} />;
  const data = outputs.data?.data;
  if (!data) return null;
  const view = data.views[0];
  return (
    <Stack>
      {data.usingCachedData && data.lastSuccessAt && <Alert color="yellow">{t('output.stale', { when: dayjs(data.lastSuccessAt).fromNow() })}</Alert>}
      {!view ? (
        <Text>{t('output.none')}</Text>
      ) : (
        <>
          <Text>{t('output.records', { count: view.recordCount })}</Text>
          <Table.ScrollContainer minWidth={Math.max(480, view.fields.length * 140)}>
            <Table striped>
              <Table.Caption>{t('output.caption', { name })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {view.fields.map((f) => (
                    <Table.Th key={f.key}>{f.label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.previewRecords.map((r) => (
                  <Table.Tr key={r.id}>
                    {view.fields.map((f) => (
                      <Table.Td key={f.key}>{r.values[f.key] ?? ''}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="sm" c="dimmed">
            {view.usage.names.length ? t('output.usedBy', { names: view.usage.names.join(', ') }) : t('output.unused')}
          </Text>
        </>
      )}
    </Stack>
  );
}
