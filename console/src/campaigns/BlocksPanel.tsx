import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BlockDialog } from './BlockDialog';
import { type CampaignBlock, contentKey, moveBlock, putBlock } from './campaign-rules';
import { useContentChoices } from './useContentChoices';

interface Props {
  blocks: CampaignBlock[];
  defaultZone: string;
  editable: boolean;
  onChange(blocks: CampaignBlock[]): void;
}

/** The draft's blocks in order: what each plays and when; add, edit, move and remove them. */
export function BlocksPanel({ blocks, defaultZone, editable, onChange }: Props) {
  const { t } = useTranslation(['campaigns', 'schedules']);
  const [editing, setEditing] = useState<CampaignBlock | null>();
  const names = new Map(useContentChoices().flatMap((g) => g.items.map((i) => [i.value, i.label] as const)));
  const when = (b: CampaignBlock) =>
    b.type === 'weekly'
      ? t('blocks.weekly', {
          days: (b.daysOfWeek ?? []).map((d) => t(`schedules:days.${d}` as 'schedules:days.0')).join(', '),
          from: b.dailyStart ?? '',
          until: b.dailyEnd ?? '',
        })
      : t('blocks.oneTime', { from: dayjs(b.oneTimeStart).format('YYYY-MM-DD HH:mm'), until: dayjs(b.oneTimeEnd).format('YYYY-MM-DD HH:mm') });

  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('blocks.title')}
          </Title>
          {editable && (
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
              {t('blocks.add')}
            </Button>
          )}
        </Group>
        {blocks.length === 0 ? (
          <Text c="dimmed">{t('blocks.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped aria-label={t('blocks.caption')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('blocks.name')}</Table.Th>
                  <Table.Th scope="col">{t('blocks.content')}</Table.Th>
                  <Table.Th scope="col">{t('blocks.timing')}</Table.Th>
                  <Table.Th scope="col">{t('blocks.priority')}</Table.Th>
                  <Table.Th scope="col">{t('blocks.enabled')}</Table.Th>
                  {editable && <Table.Th scope="col">{t('blocks.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {blocks.map((b, index) => (
                  <Table.Tr key={b.id}>
                    <Table.Td fw={500}>{b.name}</Table.Td>
                    <Table.Td>{names.get(contentKey(b)) ?? t('blocks.unknownContent')}</Table.Td>
                    <Table.Td>{when(b)}</Table.Td>
                    <Table.Td>{b.priority}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={b.enabled ? 'green' : 'gray'}>
                        {b.enabled ? t('blocks.yes') : t('blocks.no')}
                      </Badge>
                    </Table.Td>
                    {editable && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={t('blocks.edit', { name: b.name })} onClick={() => setEditing(b)}>
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('blocks.up', { name: b.name })}
                            disabled={index === 0}
                            onClick={() => onChange(moveBlock(blocks, index, -1))}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('blocks.down', { name: b.name })}
                            disabled={index === blocks.length - 1}
                            onClick={() => onChange(moveBlock(blocks, index, 1))}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('blocks.remove', { name: b.name })}
                            onClick={() => onChange(blocks.filter((x) => x.id !== b.id))}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <BlockDialog block={editing} defaultZone={defaultZone} onKeep={(block) => onChange(putBlock(blocks, block))} onClose={() => setEditing(undefined)} />
    </Paper>
  );
}
