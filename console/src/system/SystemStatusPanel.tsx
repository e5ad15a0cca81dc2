import { Accordion, Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import '../common/dates';
import { PageLoader } from '../common/PageLoader';
import { QueryError } from '../common/QueryError';
import { formatBytes } from '../media/upload-queue';

type Status = DataOf<'/api/v1/system/status', 'get'>;
type Tool = Status['media']['ffmpeg'];

function Fact({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap={4}>{children}</Stack>
    </Paper>
  );
}

function HealthBadge({ healthy }: { healthy: boolean }) {
  const { t } = useTranslation('system');
  return (
    <Badge color={healthy ? 'green' : 'red'} variant="light" radius="sm">
      {healthy ? t('status.healthy') : t('status.degraded')}
    </Badge>
  );
}

function ToolLine({ name, tool }: { name: string; tool: Tool }) {
  const { t } = useTranslation('system');
  return (
    <>
      <Text size="sm">
        {tool.available ? t('status.toolVersion', { tool: name, version: tool.version ?? '' }) : t('status.toolMissing', { tool: name, path: tool.path })}
      </Text>
      {tool.warning && (
        <Alert color="yellow" p="xs">
          {tool.warning}
        </Alert>
      )}
    </>
  );
}

function StatusFacts({ s }: { s: Status }) {
  const { t } = useTranslation('system');
  const { deployment, media } = s;
  const pending = s.migrations.reduce((sum, m) => sum + m.pending.length, 0);
  return (
    <Stack>
      {deployment.restartRequired && <Alert color="yellow">{t('status.restartRequired')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Fact title={t('status.version')}>
          <Text size="sm" fw={600}>
            {s.signageVersion}
          </Text>
          <Text size="sm">{t('status.build', { commit: s.buildCommit, date: s.buildDate })}</Text>
          <Text size="sm">
            {t('status.uptime')}: {dayjs().subtract(s.uptimeSeconds, 'second').fromNow(true)}
          </Text>
          <Text size="sm">
            {t('status.node')}: {s.nodeVersion}
          </Text>
          <Text size="sm">
            {t('status.timezone')}: {s.serverTimezone}
          </Text>
        </Fact>
        <Fact title={t('status.database')}>
          <HealthBadge healthy={s.database.status === 'healthy'} />
          <Text size="sm">{t('status.databaseFacts', { version: s.database.postgresVersion, kind: deployment.database })}</Text>
          <Text size="sm">{t('status.latestMigration', { name: s.database.migrationVersion })}</Text>
        </Fact>
        <Fact title={t('status.storage')}>
          <HealthBadge healthy={media.status === 'healthy'} />
          {media.message && <Text size="sm">{media.message}</Text>}
          <Text size="sm">{t('status.storageFacts', { kind: media.storage.kind, location: media.storage.location })}</Text>
          <Text size="sm">
            {media.storage.writable ? t('status.writable') : t('status.notWritable')}
            {media.storage.availableBytes !== undefined && ` · ${t('status.available', { size: formatBytes(media.storage.availableBytes) })}`}
          </Text>
        </Fact>
        <Fact title={t('status.tools')}>
          <ToolLine name="ffmpeg" tool={media.ffmpeg} />
          <ToolLine name="ffprobe" tool={media.ffprobe} />
        </Fact>
        <Fact title={t('status.fleet')}>
          <Text size="sm">{t('status.connectedScreens', { count: s.connectedScreens })}</Text>
          <Text size="sm">{t('status.pendingCommands', { count: s.pendingCommands })}</Text>
          <Text size="sm">{t('status.processing', { count: s.activeProcessingJobs })}</Text>
        </Fact>
        <Fact title={t('status.deployment')}>
          <Text size="sm">{t('status.deploymentFacts', { database: deployment.database, storage: deployment.mediaStorage, ffmpeg: deployment.ffmpeg })}</Text>
          <Text size="sm">{deployment.updateManifestTrust === 'configured' ? t('status.trustConfigured') : t('status.trustMissing')}</Text>
        </Fact>
      </SimpleGrid>
      {/* Every module's list is long: folded, under a summary that says whether anything is pending. */}
      <Accordion variant="contained">
        <Accordion.Item value="migrations">
          <Accordion.Control>
            {t('status.migrations')}: {t('status.migrationSummary', { modules: String(s.migrations.length), pending: String(pending) })}
          </Accordion.Control>
          <Accordion.Panel>
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('status.module')}</Table.Th>
                    <Table.Th>{t('status.applied')}</Table.Th>
                    <Table.Th>{t('status.pending')}</Table.Th>
                    <Table.Th>{t('status.latest')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.migrations.map((m) => (
                    <Table.Tr key={m.module}>
                      <Table.Td>{m.module}</Table.Td>
                      <Table.Td>{m.applied}</Table.Td>
                      <Table.Td>{m.pending.length ? m.pending.join(', ') : t('status.none')}</Table.Td>
                      <Table.Td>{m.latest ?? t('status.none')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}

/** What `GET /system/status` answers; the server runs its checks (a storage write, ffmpeg) on each read, so it is read on demand. */
export function SystemStatusPanel() {
  const { t } = useTranslation('system');
  const status = $api.useQuery('get', '/api/v1/system/status', {}, { staleTime: 30_000 });
  return (
    <Stack component="section" aria-labelledby="system-status">
      <Group justify="space-between">
        <Title order={2} size="h4" id="system-status">
          {t('status.title')}
        </Title>
        <Button variant="default" size="xs" loading={status.isFetching} onClick={() => void status.refetch()}>
          {t('status.refresh')}
        </Button>
      </Group>
      {status.error && <QueryError error={status.error} />}
      {status.data ? <StatusFacts s={status.data.data} /> : !status.error && <PageLoader />}
    </Stack>
  );
}
