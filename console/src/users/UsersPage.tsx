import { ActionIcon, Badge, Button, List, Menu, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDots, IconUserPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { ROLES } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import '../common/dates';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { type User, useUserActions } from './user-actions';

function FactorBadge({ user }: { user: User }) {
  const { t } = useTranslation('users');
  if (user.mfaEnrolled)
    return (
      <Badge color="green" variant="dot">
        {t('factor.enrolled')}
      </Badge>
    );
  if (user.mfaRequired)
    return (
      <Badge color="orange" variant="dot">
        {t('factor.requiredMissing')}
      </Badge>
    );
  return (
    <Badge color="gray" variant="dot">
      {t('factor.missing')}
    </Badge>
  );
}

function RowActions({ user, self }: { user: User; self: boolean }) {
  const { t } = useTranslation('users');
  const actions = useUserActions();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('actions.menu', { name: user.name })}>
          <IconDots aria-hidden size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => actions.edit(user)}>{t('actions.edit')}</Menu.Item>
        {user.active && !self && <Menu.Item onClick={() => actions.deactivate(user)}>{t('actions.deactivate')}</Menu.Item>}
        {!user.active && <Menu.Item onClick={() => actions.reactivate(user)}>{t('actions.reactivate')}</Menu.Item>}
        {user.mfaEnrolled && <Menu.Item onClick={() => actions.resetSecurity(user)}>{t('actions.resetSecurity')}</Menu.Item>}
        {!user.active && (
          <Menu.Item color="red" onClick={() => actions.remove(user)}>
            {t('actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Console users and their roles, for administrators. */
export function UsersPage() {
  const { t } = useTranslation(['users', 'common']);
  const users = $api.useQuery('get', '/api/v1/users');
  const { status } = useAuthStatus();
  const actions = useUserActions();
  const items = users.data?.data.items;
  return (
    <>
      <PageHeader title={t('title')}>
        {items && (
          <Button leftSection={<IconUserPlus aria-hidden size={18} />} onClick={actions.create}>
            {t('add')}
          </Button>
        )}
      </PageHeader>
      {users.error && <QueryError error={users.error} />}
      {items && (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label={t('tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.username')}</Table.Th>
                  <Table.Th>{t('columns.role')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th>{t('columns.lastSignIn')}</Table.Th>
                  <Table.Th>{t('columns.secondFactor')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>{user.name}</Table.Td>
                    <Table.Td>{user.username}</Table.Td>
                    <Table.Td>{t(`common:roles.${user.role}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={user.active ? 'green' : 'gray'} variant="dot">
                        {t(user.active ? 'status.active' : 'status.inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td title={user.lastLoginAt && dayjs(user.lastLoginAt).format('LLL')}>
                      {user.lastLoginAt ? dayjs(user.lastLoginAt).fromNow() : t('neverSignedIn')}
                    </Table.Td>
                    <Table.Td>
                      <FactorBadge user={user} />
                    </Table.Td>
                    <Table.Td>
                      <RowActions user={user} self={user.id === status?.user?.id} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Paper withBorder p="md" mt="lg" component="section" aria-labelledby="roles-help">
            <Title order={2} size="h4" id="roles-help" mb="xs">
              {t('rolesTitle')}
            </Title>
            <List spacing={4} size="sm">
              {[...ROLES].reverse().map((role) => (
                <List.Item key={role}>
                  <Text span fw={600} size="sm">
                    {t(`common:roles.${role}`)}
                  </Text>
                  {': '}
                  {t(`roleHelp.${role}`)}
                </List.Item>
              ))}
            </List>
          </Paper>
        </>
      )}
    </>
  );
}
