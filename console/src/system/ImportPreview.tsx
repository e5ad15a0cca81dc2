import { Alert, Badge, Code, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../api/types';

export type Preview = DataOf<'/api/v1/system/settings/import/preview', 'post'>;

function Value({ value }: { value: unknown }) {
  const { t } = useTranslation('system');
  return value === undefined ? <Text size="sm">{t('transfer.unset')}</Text> : <Code>{JSON.stringify(value)}</Code>;
}

/** What an import would change: each organization setting before and after, each policy, and what this server lacks. */
export function ImportPreview({ preview }: { preview: Preview }) {
  const { t } = useTranslation('system');
  return (
    <Stack component="section" aria-labelledby="import-preview">
      <Title order={3} size="h5" id="import-preview">
        {t('transfer.previewTitle')}
      </Title>
      {!preview.valid && (
        <Alert color="red" role="alert">
          {t('transfer.invalid')}
        </Alert>
      )}
      {preview.missingScreenGroupIds.length > 0 && <Text size="sm">{t('transfer.missingGroups', { ids: preview.missingScreenGroupIds.join(', ') })}</Text>}
      {preview.missingScreenIds.length > 0 && <Text size="sm">{t('transfer.missingScreens', { ids: preview.missingScreenIds.join(', ') })}</Text>}
      {preview.organizationChanges.length === 0 ? (
        <Text size="sm">{t('transfer.noChanges')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('transfer.previewTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transfer.setting')}</Table.Th>
                <Table.Th>{t('transfer.before')}</Table.Th>
                <Table.Th>{t('transfer.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.organizationChanges.map((c) => (
                <Table.Tr key={c.key}>
                  <Table.Td>{c.key}</Table.Td>
                  <Table.Td>
                    <Value value={c.before} />
                  </Table.Td>
                  <Table.Td>
                    <Value value={c.after} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={4} size="h6">
        {t('transfer.policies')}
      </Title>
      {preview.policyChanges.length === 0 ? (
        <Text size="sm">{t('transfer.noPolicies')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('transfer.policies')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('transfer.scope')}</Table.Th>
                <Table.Th>{t('transfer.target')}</Table.Th>
                <Table.Th>{t('transfer.change')}</Table.Th>
                <Table.Th>{t('transfer.keys')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.policyChanges.map((p) => (
                <Table.Tr key={`${p.scope}:${p.targetId}`}>
                  <Table.Td>{t(`transfer.scopes.${p.scope}`)}</Table.Td>
                  <Table.Td>
                    <Code>{p.targetId}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={p.change === 'unchanged' ? 'gray' : 'blue'}>
                      {t(`transfer.changes.${p.change}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{p.changedKeys.join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
