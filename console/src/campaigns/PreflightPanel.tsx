import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';
import { issuesBySeverity } from './campaign-rules';

/**
 * What publishing the saved draft would meet: issues by severity (errors block Publish) and how far it
 * reaches. The check runs when the saved draft changes, and again on demand.
 */
export function PreflightPanel({ id, dirty }: { id: string; dirty: boolean }) {
  const { t } = useTranslation('campaigns');
  const query = usePreflight(id);
  const preflight = query.data?.data;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('preflight.title')}
          </Title>
          <Button variant="default" leftSection={<IconChecklist size={16} aria-hidden />} onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('preflight.run')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('preflight.intro')}
        </Text>
        {dirty && <Alert color="yellow">{t('preflight.unsaved')}</Alert>}
        {query.isError && <QueryError error={query.error} />}
        {preflight && (
          <>
            <Text size="sm">
              {t('preflight.reachOf', {
                blocks: t('preflight.blocks', { count: preflight.blockCount }),
                destinations: t('preflight.destinations', { count: preflight.destinationCount }),
                screens: t('preflight.screens', { count: preflight.screenCount }),
                locations: t('preflight.locations', { count: preflight.locationCount }),
              })}
            </Text>
            {preflight.issues.length === 0 ? (
              <Text size="sm">{t('preflight.ok')}</Text>
            ) : (
              <List aria-label={t('preflight.issues')} spacing="xs">
                {issuesBySeverity(preflight.issues).map((issue, index) => (
                  <List.Item
                    // biome-ignore lint/suspicious/noArrayIndexKey: issues have no id, and the list is read-only
                    key={index}
                    icon={
                      <Badge color={issue.severity === 'error' ? 'red' : 'yellow'} variant="light">
                        {t(`preflight.severity_${issue.severity}`)}
                      </Badge>
                    }
                  >
                    {issue.message}
                  </List.Item>
                ))}
              </List>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The preflight of the saved draft: the panel shows it, the Publish button obeys it. */
export const usePreflight = (id: string) => $api.useQuery('get', '/api/v1/campaigns/{id}/preflight', { params: { path: { id } } });
