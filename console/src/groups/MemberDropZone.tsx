import { ActionIcon, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScreenGroup } from './types';

export const DROP_ZONE = 'group-members';

/** The group's members, and where screens are dropped to join it. */
export function MemberDropZone({ group, canEdit, onRemove }: { group: ScreenGroup; canEdit: boolean; onRemove(screen: { id: string; name: string }): void }) {
  const { t } = useTranslation('groups');
  const drop = useDroppable({ id: DROP_ZONE });
  return (
    <Paper
      ref={drop.setNodeRef}
      component="section"
      aria-labelledby="group-members-title"
      withBorder
      p="md"
      style={{ borderStyle: 'dashed', borderWidth: 2, borderColor: drop.isOver ? 'var(--mantine-color-blue-6)' : undefined, minHeight: 200 }}
    >
      <Title order={2} size="h4" id="group-members-title" mb="xs">
        {t('members.title', { count: group.membershipCount })}
      </Title>
      {canEdit && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('members.dropHint')}
        </Text>
      )}
      {group.screens.length === 0 ? (
        <Text c="dimmed">{t('members.none')}</Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {group.screens.map((s) => (
            <Group key={s.id} component="li" justify="space-between" wrap="nowrap">
              <div>
                <Anchor component={Link} to={`/screens/${s.id}`}>
                  {s.name}
                </Anchor>
                {s.location && (
                  <Text size="xs" c="dimmed">
                    {s.location}
                  </Text>
                )}
              </div>
              {canEdit && (
                <ActionIcon variant="subtle" color="red" aria-label={t('members.remove', { name: s.name })} onClick={() => onRemove(s)}>
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
