import { Alert, Button, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page that failed to load or render (a new build replaced its chunk, say): offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Alert color="red" title={t('errors.pageTitle')} role="alert">
          {error instanceof Error ? error.message : t('errors.page')}
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Container>
  );
}
