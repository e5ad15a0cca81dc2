import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import type { DataOf } from '../api/types';
import { notifyDone, notifyFailed } from '../common/notify';

type Action = DataOf<'/api/v1/system/maintenance/{action}', 'post'>['action'];

// Every action the server answers for, in the order shown (the record keeps the list whole).
const ACTIONS = Object.keys({
  'expired-upload-cleanup': true,
  'completed-command-cleanup': true,
  'retention-cleanup': true,
  'reconcile-config': true,
  'validate-media': true,
} satisfies Record<Action, true>) as Action[];

/** The maintenance jobs, each run after a confirmation; the server answers 202 and works in the background. */
export function MaintenancePanel() {
  const { t } = useTranslation(['system', 'common']);
  const request = $api.useMutation('post', '/api/v1/system/maintenance/{action}');
  const run = (action: Action) => {
    const name = t(`maintenance.actions.${action}.name`);
    modals.openConfirmModal({
      title: t('maintenance.confirmTitle', { action: name }),
      children: <Text size="sm">{t(`maintenance.actions.${action}.description`)}</Text>,
      labels: { confirm: t('maintenance.confirm'), cancel: t('common:cancel') },
      onConfirm: async () => {
        try {
          await request.mutateAsync({ params: { path: { action } } });
          notifyDone(t('maintenance.accepted', { action: name }));
        } catch (error) {
          notifyFailed(error);
        }
      },
    });
  };
  return (
    <Stack component="section" aria-labelledby="system-maintenance">
      <Title order={2} size="h4" id="system-maintenance">
        {t('maintenance.title')}
      </Title>
      <Text size="sm">{t('maintenance.intro')}</Text>
      {ACTIONS.map((action) => (
        <Paper key={action} withBorder p="sm">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={600}>{t(`maintenance.actions.${action}.name`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`maintenance.actions.${action}.description`)}
              </Text>
            </div>
            <Button
              variant="light"
              loading={request.isPending && request.variables?.params.path.action === action}
              aria-label={t('maintenance.runLabel', { action: t(`maintenance.actions.${action}.name`) })}
              onClick={() => run(action)}
            >
              {t('maintenance.run')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
