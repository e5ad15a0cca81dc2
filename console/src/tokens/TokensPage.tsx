import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { $api, api } from '../api/client';
import { errorMessage } from '../api/errors';
import type { DataOf } from '../api/types';
import '../common/dates';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { scopeKey } from './scope-key';
import { SecretShownOnce } from './SecretShownOnce';
import { TokenForm } from './TokenForm';
import { notifyDone, notifyFailed } from '../common/notify';

type Token = DataOf<'/api/v1/integration-tokens', 'get'>[number];

function When({ at, none }: { at: string | undefined; none: string }) {
  return at ? <span title={dayjs(at).format('LLL')}>{dayjs(at).fromNow()}</span> : none;
}

function tokenStatus(token: Token): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && dayjs(token.expiresAt).isBefore(dayjs())) return 'expired';
  return 'active';
}

/** Integration tokens: issued here, their secret shown once, revoked here. */
export function TokensPage() {
  const { t } = useTranslation(['tokens', 'common']);
  const client = useQueryClient();
  const tokens = $api.useQuery('get', '/api/v1/integration-tokens');
  const tables = $api.useQuery('get', '/api/v1/data-sources', { params: { query: { provider: 'manual', pageSize: 100 } } });
  const tableName = new Map((tables.data?.data.items ?? []).map((s) => [s.id, s.name]));
  const refresh = () => client.invalidateQueries({ queryKey: ['get', '/api/v1/integration-tokens'] });

  const create = () => {
    const id = modals.open({
      title: t('form.title'),
      children: (
        <TokenForm
          submit={async (body) => {
            const { data, error } = await api.POST('/api/v1/integration-tokens', { body });
            if (error || !data) return errorMessage(error, t('common:errors.network'));
            modals.close(id);
            await refresh();
            modals.open({
              title: t('secret.title'),
              closeOnClickOutside: false,
              closeOnEscape: false,
              withCloseButton: false,
              size: 'lg',
              children: <SecretShownOnce name={data.data.token.name} secret={data.data.secret} />,
            });
            return undefined;
          }}
        />
      ),
    });
  };

  const revoke = (token: Token) =>
    modals.openConfirmModal({
      title: t('confirmTitle', { name: token.name }),
      children: <Text size="sm">{t('confirm')}</Text>,
      labels: { confirm: t('revoke'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        const { error } = await api.DELETE('/api/v1/integration-tokens/{id}', { params: { path: { id: token.id } } });
        if (error) notifyFailed(error);
        else notifyDone(t('revoked', { name: token.name }));
        await refresh();
      },
    });

  const items = tokens.data?.data;
  return (
    <>
      <PageHeader title={t('title')}>
        {items && (
          <Button leftSection={<IconKey aria-hidden size={18} />} onClick={create}>
            {t('create')}
          </Button>
        )}
      </PageHeader>
      {tokens.error && <QueryError error={tokens.error} />}
      {items && (
        <>
          <Text size="sm" c="dimmed" mb="md">
            {t('intro')}
          </Text>
          {items.length === 0 ? (
            <Text>{t('empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table aria-label={t('tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.name')}</Table.Th>
                    <Table.Th>{t('columns.scopes')}</Table.Th>
                    <Table.Th>{t('columns.status')}</Table.Th>
                    <Table.Th>{t('columns.created')}</Table.Th>
                    <Table.Th>{t('columns.lastUsed')}</Table.Th>
                    <Table.Th>{t('columns.expires')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((token) => {
                    const status = tokenStatus(token);
                    return (
                      <Table.Tr key={token.id}>
                        <Table.Td>{token.name}</Table.Td>
                        <Table.Td>
                          <Group gap={4}>
                            {token.scopes.map((scope) => (
                              <Badge key={scope} variant="outline" color="gray">
                                {t(`scopes.${scopeKey(scope)}`)}
                              </Badge>
                            ))}
                          </Group>
                          {token.scopes.includes('data_source:write') && (
                            <Text size="xs" c="dimmed">
                              {t('tablesScope', {
                                names: token.dataSourceIds.length ? token.dataSourceIds.map((id) => tableName.get(id) ?? id).join(', ') : t('allTables'),
                              })}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="dot" color={status === 'active' ? 'green' : 'gray'}>
                            {t(`status.${status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <When at={token.createdAt} none="" />
                        </Table.Td>
                        <Table.Td>
                          <When at={token.lastUsedAt} none={t('never')} />
                        </Table.Td>
                        <Table.Td>{token.expiresAt ? dayjs(token.expiresAt).format('LLL') : t('noExpiry')}</Table.Td>
                        <Table.Td>
                          {status !== 'revoked' && (
                            <Tooltip label={t('revokeLabel', { name: token.name })}>
                              <ActionIcon variant="subtle" color="red" aria-label={t('revokeLabel', { name: token.name })} onClick={() => revoke(token)}>
                                <IconTrash aria-hidden size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </>
  );
}
