import { ActionIcon, Anchor, Group, Table, Text } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';

/** A widget's or layout's name, linking to its editor. */
export function NameCell({ to, name }: { to: string; name: string }) {
  return (
    <Table.Td>
      <Anchor component={Link} to={to} fw={500}>
        {name}
      </Anchor>
    </Table.Td>
  );
}

/** When it last changed, relative (the exact time on hover). */
export function ChangedCell({ at }: { at: string }) {
  return (
    <Table.Td>
      <Text size="sm" component="span" title={new Date(at).toLocaleString()}>
        {dayjs(at).fromNow()}
      </Text>
    </Table.Td>
  );
}

interface ActionsProps {
  duplicateLabel: string;
  deleteLabel: string;
  onDuplicate(): void;
  /** Absent when the role may not delete. */
  onDelete?: () => void;
}

/** Duplicate, and delete for those who may. */
export function ActionsCell({ duplicateLabel, deleteLabel, onDuplicate, onDelete }: ActionsProps) {
  return (
    <Table.Td>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={duplicateLabel} onClick={onDuplicate}>
          <IconCopy size={18} aria-hidden />
        </ActionIcon>
        {onDelete && (
          <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Table.Td>
  );
}
