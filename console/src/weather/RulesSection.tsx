import { Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { notifyDone, notifyFailed } from '../common/notify';
import { RuleForm } from './RuleForm';
import { type AlertRule, WEATHER_PATH } from './types';

/** The rules, each with what it matches and how it answers; create, edit and delete for administrators. */
export function RulesSection({ rules, canEdit }: { rules: AlertRule[]; canEdit: boolean }) {
  const { t } = useTranslation(['weather', 'common']);
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith(WEATHER_PATH) });
  const remove = $api.useMutation('delete', '/api/v1/alerts/weather/rules/{id}', { onSettled: refresh });
  // undefined: closed; null: a new rule; a rule: that rule's edit.
  const [editing, setEditing] = useState<AlertRule | null>();
  const close = () => {
    setEditing(undefined);
    void refresh();
  };
  const confirmDelete = (rule: AlertRule) =>
    modals.openConfirmModal({
      title: t('rules.deleteTitle', { name: rule.name }),
      children: <Text size="sm">{t('rules.deleteBody')}</Text>,
      labels: { confirm: t('rules.delete'), cancel: t('common:cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync({ params: { path: { id: rule.id } } });
          notifyDone(t('rules.deleted', { name: rule.name }));
        } catch (error) {
          notifyFailed(error);
        }
      },
    });

  return (
    <Stack component="section" aria-labelledby="weather-rules" gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h4" id="weather-rules">
          {t('rules.title')}
        </Title>
        {canEdit && <Button onClick={() => setEditing(null)}>{t('rules.add')}</Button>}
      </Group>
      {rules.length === 0 ? (
        <Text c="dimmed">{t('rules.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rules.name')}</Table.Th>
                <Table.Th>{t('rules.enabled')}</Table.Th>
                <Table.Th>{t('rules.matches')}</Table.Th>
                <Table.Th>{t('rules.response')}</Table.Th>
                <Table.Th>{t('rules.targets')}</Table.Th>
                {canEdit && <Table.Th>{t('rules.edit')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={r.enabled ? 'green' : 'gray'}>
                      {r.enabled ? t('rules.on') : t('rules.off')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {r.eventNames.length ? r.eventNames.join(', ') : t('rules.allEvents')} · ≥ {t(`severities.${r.minimumSeverity}`)} · ≥{' '}
                    {t(`urgencies.${r.minimumUrgency}`)}
                  </Table.Td>
                  <Table.Td>
                    {t(`form.responses.${r.responseMode}`)}
                    {r.responseMode === 'takeover' &&
                      `: ${r.presentationMode === 'playlist' ? (r.playlistName ?? t('form.presentations.playlist')) : t('form.presentations.builtin')}`}
                  </Table.Td>
                  <Table.Td>{t('rules.targetCount', { screens: r.screenIds.length, groups: r.groupIds.length })}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing(r)} aria-label={t('rules.editLabel', { name: r.name })}>
                          {t('rules.edit')}
                        </Button>
                        <Button size="xs" color="red" variant="light" onClick={() => confirmDelete(r)} aria-label={t('rules.deleteLabel', { name: r.name })}>
                          {t('rules.delete')}
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? t('rules.editTitle', { name: editing.name }) : t('rules.newTitle')}
        size="lg"
      >
        {editing !== undefined && <RuleForm rule={editing ?? undefined} onDone={close} />}
      </Modal>
    </Stack>
  );
}
