import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { topDown } from './placements';
import type { Placement } from './types';

interface Props {
  placements: Placement[];
  selectedId: string | undefined;
  invalid: Set<string>;
  editable: boolean;
  onSelect(id: string): void;
  onChange(id: string, change: Partial<Placement>): void;
}

/** The placements from the top layer down: select one, bring it forward or send it back, hide or show it. */
export function LayersPanel({ placements, selectedId, invalid, editable, onSelect, onChange }: Props) {
  const { t } = useTranslation('layouts');
  if (placements.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('layers.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ol" aria-label={t('layers.title')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {topDown(placements).map((p) => (
        <Group key={p.id} component="li" gap={4} wrap="nowrap" justify="space-between">
          <Button
            variant={p.id === selectedId ? 'light' : 'subtle'}
            size="compact-sm"
            aria-pressed={p.id === selectedId}
            onClick={() => onSelect(p.id)}
            style={{ flex: 1 }}
            justify="flex-start"
          >
            {t('layers.entry', { name: p.name, layer: String(p.layer) })}
            {invalid.has(p.id) ? ` · ${t('canvas.problem')}` : ''}
            {p.visible ? '' : ` · ${t('canvas.hidden')}`}
          </Button>
          {editable && (
            <>
              <ActionIcon
                variant="subtle"
                aria-label={t('layers.forward', { name: p.name })}
                disabled={p.layer >= 999}
                onClick={() => onChange(p.id, { layer: p.layer + 1 })}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('layers.backward', { name: p.name })}
                disabled={p.layer <= 0}
                onClick={() => onChange(p.id, { layer: p.layer - 1 })}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={p.visible ? t('layers.hide', { name: p.name }) : t('layers.show', { name: p.name })}
                onClick={() => onChange(p.id, { visible: !p.visible })}
              >
                {p.visible ? <IconEye size={16} aria-hidden /> : <IconEyeOff size={16} aria-hidden />}
              </ActionIcon>
            </>
          )}
        </Group>
      ))}
    </Stack>
  );
}
