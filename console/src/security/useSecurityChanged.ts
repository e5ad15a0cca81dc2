import { useQueryClient } from '@tanstack/react-query';

/** After a change: my security and the sign-in status (an owed second factor may now be settled). */
export function useSecurityChanged() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['get', '/api/v1/me/security'] }),
      client.invalidateQueries({ queryKey: ['get', '/api/v1/auth/status'] }),
    ]);
}
