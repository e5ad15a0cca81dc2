import { Alert, Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import '../common/dates';
import { notifyFailed } from '../common/notify';
import { PageLoader } from '../common/PageLoader';
import { QueryError } from '../common/QueryError';
import { ArchiveContents } from './ArchiveContents';

type Archive = DataOf<'/api/v1/system/backups', 'get'>['backups'][number];

/**
 * The restore's plan first (what comes back, and whether the archive is another installation's, which
 * needs its own confirmation), then the restore itself; `onStarted` receives the restore's job id.
 */
export function RestorePlanModal({ archive, onClose, onStarted }: { archive: Archive; onClose: () => void; onStarted: (jobId: string) => void }) {
  const { t } = useTranslation(['system', 'common']);
  const [confirmed, setConfirmed] = useState(false);
  const plan = $api.useQuery('get', '/api/v1/system/backups/{id}/plan', { params: { path: { id: archive.id } } });
  const restore = $api.useMutation('post', '/api/v1/system/backups/{id}/restore');
  const shown = plan.data?.data;
  const start = async () => {
    try {
      const { data } = await restore.mutateAsync({ params: { path: { id: archive.id } }, body: { confirmIdentityMismatch: confirmed } });
      onStarted(data.id);
    } catch (error) {
      notifyFailed(error);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('backups.plan.title', { date: dayjs(archive.createdAt).format('LLL') })} size="lg">
      {plan.error ? (
        <QueryError error={plan.error} />
      ) : !shown ? (
        <PageLoader />
      ) : (
        <Stack>
          <Text size="sm">{t('backups.plan.intro')}</Text>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('backups.plan.organization')}</Table.Th>
                <Table.Td>{shown.organizationName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('backups.plan.version')}</Table.Th>
                <Table.Td>{t('backups.plan.versionFacts', { version: shown.signageVersion, migrations: String(shown.schemaVersion) })}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('backups.contents')}</Table.Th>
                <Table.Td>
                  <ArchiveContents components={shown.components} />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {shown.identityMismatch && (
            <Alert color="orange" role="alert">
              <Stack gap="xs">
                <Text size="sm">{t('backups.plan.mismatch')}</Text>
                <Checkbox label={t('backups.plan.mismatchConfirm')} checked={confirmed} onChange={(e) => setConfirmed(e.currentTarget.checked)} />
              </Stack>
            </Alert>
          )}
          <Text size="sm">{t('backups.plan.signOut')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button color="red" disabled={shown.identityMismatch && !confirmed} loading={restore.isPending} onClick={() => void start()}>
              {t('backups.plan.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
