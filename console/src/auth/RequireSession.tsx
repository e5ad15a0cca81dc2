import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { QueryError } from '../common/QueryError';
import { useAuthStatus, useSessionChanges } from './useAuthStatus';

/** The console's pages need a signed-in person; setup comes first, an owed second factor before the rest. */
export function RequireSession() {
  const { t } = useTranslation();
  const { status, error, isPending } = useAuthStatus();
  const location = useLocation();
  useSessionChanges();
  if (isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (!status) return <QueryError error={error} />;
  if (status.setupRequired) return <Navigate to="/setup" replace />;
  if (!status.authenticated) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  if (status.mfaEnrollmentRequired && location.pathname !== '/security') return <Navigate to="/security" replace />;
  return <Outlet />;
}
