import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorMessage } from '../api/errors';
import type { DataOf } from '../api/types';
import { reauthenticated } from '../security/reauthenticated';
import { UserForm, type UserBody } from './UserForm';
import { notifyDone, notifyFailed } from '../common/notify';

export type User = DataOf<'/api/v1/users', 'get'>['items'][number];
type Answer = { error?: unknown };

/** What an administrator does to users, each confirmed where it cannot be undone lightly, each said when done. */
export function useUserActions() {
  const { t } = useTranslation(['users', 'common']);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['get', '/api/v1/users'] });

  /** Runs a change (asking for the password again when the server wants it); a refusal is the server's sentence. */
  const run = async (call: () => Promise<Answer>, done: string): Promise<string | undefined> => {
    const answer = await reauthenticated(call);
    if (!answer) return undefined;
    if (answer.error !== undefined) return errorMessage(answer.error, t('common:errors.network'));
    notifyDone(done);
    await refresh();
    return undefined;
  };
  const runOrTell = async (call: () => Promise<Answer>, done: string) => {
    const refusal = await run(call, done);
    if (refusal) notifyFailed(undefined, refusal);
  };
  const confirm = (title: string, body: string, label: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: label, cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm,
    });

  const formDialog = (title: string, initial: User | undefined, send: (body: UserBody) => Promise<Answer>, done: (body: UserBody) => string) => {
    const id = modals.open({
      title,
      children: (
        <UserForm
          initial={initial}
          submit={async (body) => {
            const refusal = await run(() => send(body), done(body));
            if (!refusal) modals.close(id);
            return refusal;
          }}
        />
      ),
    });
  };

  return {
    create: () =>
      formDialog(
        t('form.createTitle'),
        undefined,
        (body) => api.POST('/api/v1/users', { body: { ...body, password: body.password ?? '' } }),
        (body) => t('done.created', { name: body.name }),
      ),
    edit: (user: User) =>
      formDialog(
        t('form.editTitle', { name: user.name }),
        user,
        (body) => api.PATCH('/api/v1/users/{id}', { params: { path: { id: user.id } }, body: { ...body, active: user.active } }),
        (body) => t('done.saved', { name: body.name }),
      ),
    deactivate: (user: User) =>
      confirm(t('confirm.deactivateTitle', { name: user.name }), t('confirm.deactivate', { name: user.name }), t('actions.deactivate'), () =>
        runOrTell(() => api.DELETE('/api/v1/users/{id}', { params: { path: { id: user.id } } }), t('done.deactivated', { name: user.name })),
      ),
    reactivate: (user: User) =>
      runOrTell(
        () =>
          api.PATCH('/api/v1/users/{id}', {
            params: { path: { id: user.id } },
            body: { name: user.name, username: user.username, role: user.role, active: true },
          }),
        t('done.reactivated', { name: user.name }),
      ),
    resetSecurity: (user: User) =>
      confirm(t('confirm.resetTitle', { name: user.name }), t('confirm.reset'), t('actions.resetSecurity'), () =>
        runOrTell(() => api.POST('/api/v1/users/{id}/security/reset', { params: { path: { id: user.id } } }), t('done.reset', { name: user.name })),
      ),
    remove: (user: User) =>
      confirm(t('confirm.deleteTitle', { name: user.name }), t('confirm.delete'), t('actions.delete'), () =>
        runOrTell(() => api.DELETE('/api/v1/users/{id}/permanent', { params: { path: { id: user.id } } }), t('done.deleted', { name: user.name })),
      ),
  };
}
