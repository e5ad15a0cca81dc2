import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { $api, api } from '../api/client';
import { withoutKey } from './policy-levels';

export type Target = { scope: 'group' | 'screen'; id: string };
type Doc = { revision: number; priority?: number; values: Record<string, unknown> };

/**
 * The reads behind a policy table, and its writes: a group's or screen's level (PUT with the
 * revision read, DELETE when it would be left empty) and the organization's (PATCH of settings).
 */
export function usePolicyLevels(target: Target, admin: boolean) {
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const screenId = target.scope === 'screen' ? target.id : '';
  const settings = $api.useQuery('get', '/api/v1/settings', {}, { enabled: admin, retry: false });
  // A screen's group: the groups list names its members (a screen is in one group at most).
  const groups = $api.useQuery('get', '/api/v1/screen-groups', { params: { query: { pageSize: 100 } } }, { enabled: target.scope === 'screen' });
  const groupOfScreen = groups.data?.data.items.find((g) => g.screens.some((s) => s.id === screenId));
  const groupId = target.scope === 'group' ? target.id : groupOfScreen?.id;
  const group = $api.useQuery('get', '/api/v1/screen-groups/{id}/policy', { params: { path: { id: groupId ?? '' } } }, { enabled: !!groupId });
  const screen = $api.useQuery('get', '/api/v1/screens/{id}/policy', { params: { path: { id: screenId } } }, { enabled: !!screenId });
  const effective = $api.useQuery('get', '/api/v1/screens/{id}/effective-policy', { params: { path: { id: screenId } } }, { enabled: !!screenId });
  const refresh = () => client.invalidateQueries({ predicate: (q) => ['/api/v1/screen', '/api/v1/settings'].some((p) => String(q.queryKey[1]).startsWith(p)) });

  // A level's priority (set elsewhere, say by the API) is sent back as read, so an edit here keeps it.
  const saveLevel = async (scope: 'group' | 'screen', doc: Doc, values: Record<string, unknown> | undefined) => {
    const id = scope === 'group' ? groupId! : screenId;
    const result =
      scope === 'group'
        ? values
          ? await api.PUT('/api/v1/screen-groups/{id}/policy', { params: { path: { id } }, body: { revision: doc.revision, priority: doc.priority, values } })
          : await api.DELETE('/api/v1/screen-groups/{id}/policy', { params: { path: { id } } })
        : values
          ? await api.PUT('/api/v1/screens/{id}/policy', { params: { path: { id } }, body: { revision: doc.revision, priority: doc.priority, values } })
          : await api.DELETE('/api/v1/screens/{id}/policy', { params: { path: { id } } });
    if (result.error) throw result.error;
  };
  const run = async (work: () => Promise<void>) => {
    setSaving(true);
    try {
      await work();
    } finally {
      setSaving(false);
      await refresh();
    }
  };
  const docOf = (scope: 'group' | 'screen') => (scope === 'group' ? group.data?.data : screen.data?.data) ?? { revision: 0, values: {} };

  return {
    settings: settings.data?.data,
    group: groupId ? group.data?.data : undefined,
    groupName: target.scope === 'screen' ? groupOfScreen?.name : undefined,
    screen: screen.data?.data,
    effective: effective.data?.data,
    error: settings.error ?? group.error ?? screen.error ?? effective.error,
    hasGroup: !!groupId,
    saving,
    set: (scope: 'organization' | 'group' | 'screen', key: string, value: unknown) =>
      run(async () => {
        if (scope !== 'organization') return saveLevel(scope, docOf(scope), { ...docOf(scope).values, [key]: value });
        const { error } = await api.PATCH('/api/v1/settings', { body: { revision: settings.data!.data.revision, values: { [key]: value } } });
        if (error) throw error;
      }),
    reset: (scope: 'group' | 'screen', key: string) => run(() => saveLevel(scope, docOf(scope), withoutKey(docOf(scope).values, key))),
    clear: (scope: 'group' | 'screen') => run(() => saveLevel(scope, docOf(scope), undefined)),
  };
}
