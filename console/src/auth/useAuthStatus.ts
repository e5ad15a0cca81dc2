import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { $api } from '../api/client';
import { onSessionChanged, rememberCsrfToken } from '../api/session';
import type { Role } from './roles';

const STATUS = ['get', '/api/v1/auth/status'] as const;

/** Whether setup is needed and who is signed in; the one place the page learns its CSRF token. */
export function useAuthStatus() {
  const query = $api.useQuery(...STATUS, {}, { staleTime: 60_000 });
  const status = query.data?.data;
  rememberCsrfToken(status?.csrfToken);
  return { ...query, status, role: status?.user?.role as Role | undefined };
}

/** The queries to refresh after signing in or out: all of them (another user sees other things). */
export function useSignedInChange() {
  const client = useQueryClient();
  return async (csrfToken: string | undefined) => {
    rememberCsrfToken(csrfToken);
    client.removeQueries({ predicate: (q) => q.queryKey[1] !== STATUS[1] });
    await client.invalidateQueries({ queryKey: [...STATUS] });
  };
}

/** The session changed under the page (see api/session.ts): ask the server who is signed in now. */
export function useSessionChanges() {
  const client = useQueryClient();
  useEffect(() => onSessionChanged(() => void client.invalidateQueries({ queryKey: [...STATUS] })), [client]);
}
