import { ActionIcon, Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { notifyDone, notifyFailed } from '../common/notify';
import { QueryError } from '../common/QueryError';
import type { SettingDefinition } from '../settings/SettingField';
import { inherited, type Level, policyRows, type PolicyRow, shown } from './policy-levels';
import { PolicyValueModal } from './PolicyValueModal';
import { type Target, usePolicyLevels } from './usePolicyLevels';

/**
 * Player policy, level by level: for each setting a policy may set, the organization's value, the
 * group's and the screen's side by side, and on a screen the value it follows with where it comes
 * from. Each level is edited in place, and a level's value reset to what it inherits.
 */
export function PolicyLevels({ target, canEdit }: { target: Target; canEdit: boolean }) {
  const { t } = useTranslation(['policies', 'common']);
  const { role } = useAuthStatus();
  const p = usePolicyLevels(target, atLeast(role, 'administrator'));
  const [editing, setEditing] = useState<{ row: PolicyRow; level: Level }>();
  const levels: Level[] = target.scope === 'group' ? ['organization', 'group'] : ['organization', 'group', 'screen'];
  const definitions: SettingDefinition[] = p.settings?.definitions ?? [];
  const rows = policyRows({
    definitions,
    organization: p.settings?.values ?? {},
    group: p.group?.values,
    screen: p.screen?.values,
    effective: p.effective?.values,
  });
  const levelName = (level: Level) =>
    level === 'group' && target.scope === 'screen' ? t('levels.groupNamed', { name: p.groupName ?? '' }) : t(`levels.${level}`);
  // A screen in no group has no group level to edit.
  const editable = (level: Level) => canEdit && (level !== 'group' || p.hasGroup);
  const valueAt = (row: PolicyRow, level: Level) => (level === 'organization' ? row.organization.value : row[level]);

  const act = async (work: () => Promise<void>, done: string) => {
    try {
      await work();
      notifyDone(done);
      setEditing(undefined);
    } catch (error) {
      notifyFailed(error);
    }
  };
  const reset = (row: PolicyRow, level: Level) =>
    act(
      () => (level === 'organization' ? p.set('organization', row.key, definitions.find((d) => d.key === row.key)!.default) : p.reset(level, row.key)),
      t('reset.done', { setting: row.title, level: levelName(level) }),
    );
  const own = target.scope === 'group' ? p.group : p.screen;

  const cell = (row: PolicyRow, level: Level) => {
    const value = valueAt(row, level);
    const set = level === 'organization' ? !row.organization.isDefault : value !== undefined;
    return (
      <Table.Td key={level}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" c={set ? undefined : 'dimmed'}>
            {level === 'organization' || set ? shown(value, t('on'), t('off')) : t('inherits')}
          </Text>
          {editable(level) && (
            <>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('edit.label', { setting: row.title, level: levelName(level) })}
                onClick={() => setEditing({ row, level })}
              >
                <IconPencil size={14} aria-hidden />
              </ActionIcon>
              {set && (
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  color="orange"
                  loading={p.saving}
                  aria-label={t('reset.label', { setting: row.title, level: levelName(level) })}
                  onClick={() => void reset(row, level)}
                >
                  <IconArrowBackUp size={14} aria-hidden />
                </ActionIcon>
              )}
            </>
          )}
        </Group>
      </Table.Td>
    );
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('title')}
        </Title>
        {canEdit && own && own.revision > 0 && (
          <Button
            variant="default"
            color="red"
            loading={p.saving}
            onClick={() => void act(() => p.clear(target.scope), t('clear.done', { level: levelName(target.scope) }))}
          >
            {t('clear.label', { level: levelName(target.scope) })}
          </Button>
        )}
      </Group>
      <Text size="sm">{target.scope === 'group' ? t('intro.group') : t('intro.screen')}</Text>
      {p.error && <QueryError error={p.error} />}
      {!p.settings && !p.error && <Alert color="gray">{t('needsAdmin')}</Alert>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('setting')}</Table.Th>
                {levels.map((level) => (
                  <Table.Th key={level}>{levelName(level)}</Table.Th>
                ))}
                {target.scope === 'screen' && <Table.Th>{t('effective')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw="normal">
                    {row.title}
                  </Table.Th>
                  {levels.map((level) => cell(row, level))}
                  {target.scope === 'screen' && (
                    <Table.Td>
                      {row.effective && (
                        <Group gap={4} wrap="nowrap">
                          <Text size="sm">{shown(row.effective.value, t('on'), t('off'))}</Text>
                          <Badge variant="light" radius="sm" color={row.effective.source === 'built_in' ? 'gray' : 'blue'}>
                            {row.effective.source === 'group'
                              ? t('levels.groupNamed', { name: row.effective.sourceName ?? '' })
                              : t(`sources.${row.effective.source}`)}
                          </Badge>
                        </Group>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <PolicyValueModal
          definition={definitions.find((d) => d.key === editing.row.key)!}
          levelName={levelName(editing.level)}
          initial={
            valueAt(editing.row, editing.level) ?? (editing.level === 'organization' ? editing.row.organization.value : inherited(editing.row, editing.level))
          }
          saving={p.saving}
          onSave={(value) => void act(() => p.set(editing.level, editing.row.key, value), t('edit.done', { setting: editing.row.title }))}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}
