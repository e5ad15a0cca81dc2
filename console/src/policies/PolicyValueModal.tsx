import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SettingDefinition, SettingField } from '../settings/SettingField';
import type { SettingValue } from '../settings/setting-changes';

interface Props {
  definition: SettingDefinition;
  /** The level's name, as the title says it. */
  levelName: string;
  initial: unknown;
  saving: boolean;
  onSave(value: SettingValue): void;
  onClose(): void;
}

/** One setting's value at one level, with the control its definition calls for. */
export function PolicyValueModal({ definition, levelName, initial, saving, onSave, onClose }: Props) {
  const { t } = useTranslation(['policies', 'common']);
  const [value, setValue] = useState<SettingValue>(initial as SettingValue);
  return (
    <Modal opened onClose={onClose} title={t('edit.title', { setting: definition.title, level: levelName })}>
      <Stack>
        <SettingField def={definition} value={value} onChange={setValue} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button loading={saving} onClick={() => onSave(value)}>
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
