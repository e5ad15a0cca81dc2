import { Alert, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { errorCode } from '../api/errors';
import { notifyFailed } from '../common/notify';
import { QueryError } from '../common/QueryError';

const COMMANDS = ['display_power_on', 'display_power_off', 'display_mute', 'display_unmute'] as const;
type Command = (typeof COMMANDS)[number];
const STATE_COLOR = { queued: 'green', skipped: 'gray', failed: 'red' } as const;

/** A display command for the whole group: which members can take it and why not, then the result per screen. */
export function GroupDisplayControl({ groupId, canApply }: { groupId: string; canApply: boolean }) {
  const { t } = useTranslation(['groups', 'common']);
  const [command, setCommand] = useState<Command>('display_power_on');
  const preview = $api.useQuery(
    'get',
    '/api/v1/screen-groups/{id}/display-control/preview',
    { params: { path: { id: groupId }, query: { commandType: command } } },
    { enabled: canApply },
  );
  const apply = $api.useMutation('post', '/api/v1/screen-groups/{id}/display-control');
  // The per-screen result of the last command sent (a 202 answer: not in the cache).
  const [applied, setApplied] = useState<Awaited<ReturnType<typeof apply.mutateAsync>>['data']>();
  if (!canApply) return <Alert color="gray">{t('display.readOnly')}</Alert>;
  const p = preview.data?.data;

  const send = async () => {
    if (!p) return;
    try {
      const result = await apply.mutateAsync({ params: { path: { id: groupId } }, body: { commandType: command, fingerprint: p.fingerprint } });
      setApplied(result.data);
    } catch (error) {
      if (errorCode(error) === 'display_control_preview_stale') await preview.refetch();
      notifyFailed(error, errorCode(error) === 'display_control_preview_stale' ? t('display.stale') : undefined);
    }
  };

  return (
    <Stack maw={860}>
      <Title order={2} size="h4">
        {t('display.title')}
      </Title>
      <Text size="sm">{t('display.intro')}</Text>
      <Select
        label={t('display.command')}
        data={COMMANDS.map((c) => ({ value: c, label: t(`display.commands.${c}`) }))}
        value={command}
        allowDeselect={false}
        maw={320}
        onChange={(v) => {
          setCommand((v as Command | null) ?? 'display_power_on');
          setApplied(undefined);
        }}
      />
      {preview.error && <QueryError error={preview.error} />}
      {p && (
        <section aria-labelledby="display-preview-title">
          <Title order={3} size="h5" id="display-preview-title" mb="xs">
            {t('display.previewTitle', { eligible: String(p.eligibleCount), total: String(p.selectedCount) })}
          </Title>
          {p.screens.length === 0 ? (
            <Text c="dimmed">{t('display.noMembers')}</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('display.screen')}</Table.Th>
                  <Table.Th>{t('display.control')}</Table.Th>
                  <Table.Th>{t('display.eligible')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.screens.map((s) => (
                  <Table.Tr key={s.screenId}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.supported ? s.capabilities[command.includes('power') ? 'power' : 'mute'] : t('display.unsupported')}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" radius="sm" color={s.eligible ? 'green' : 'gray'}>
                        {s.eligible ? t('display.yes') : t('display.no')}
                      </Badge>
                      {s.reason && (
                        <Text size="xs" c="dimmed">
                          {s.reason}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group mt="sm">
            <Button onClick={() => void send()} loading={apply.isPending} disabled={p.eligibleCount === 0}>
              {t('display.apply', { command: t(`display.commands.${command}`), count: p.eligibleCount })}
            </Button>
          </Group>
        </section>
      )}
      {applied && (
        <section aria-labelledby="display-result-title">
          <Title order={3} size="h5" id="display-result-title" mb="xs">
            {t('display.resultTitle', { queued: String(applied.queuedCount), failed: String(applied.failedCount) })}
          </Title>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('display.screen')}</Table.Th>
                <Table.Th>{t('display.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {applied.results.map((r) => (
                <Table.Tr key={r.screenId}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={STATE_COLOR[r.state]}>
                      {t(`display.states.${r.state}`)}
                    </Badge>
                    {r.reason && (
                      <Text size="xs" c="dimmed">
                        {r.reason}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
    </Stack>
  );
}
