import { Alert, Button, Group, List, NumberInput, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MIN_SIZE } from './geometry';
import type { LayoutDocument, Placement, Problem } from './types';

interface Props {
  document: LayoutDocument;
  placement: Placement | undefined;
  problems: Problem[];
  editable: boolean;
  onChange(change: Partial<Placement>): void;
  onRemove(): void;
}

/** The selected placement's numbers and settings: everything the pointer does, by keyboard, kept inside the canvas. */
export function PropertiesPanel({ document, placement: p, problems, editable, onChange, onRemove }: Props) {
  const { t } = useTranslation('layouts');
  if (!p) {
    return (
      <Text size="sm" c="dimmed">
        {t('properties.none')}
      </Text>
    );
  }
  const { canvas } = document;
  const number = (key: 'x' | 'y' | 'width' | 'height' | 'layer', min: number, max: number) => (
    <NumberInput
      label={t(`properties.${key}`)}
      value={p[key]}
      min={min}
      max={max}
      allowDecimal={false}
      clampBehavior="strict"
      disabled={!editable}
      onChange={(v) => typeof v === 'number' && onChange({ [key]: v })}
    />
  );
  const own = problems.filter((x) => x.placementId === p.id);
  const primitive = p.primitive;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('properties.of', { name: p.name })}
      </Title>
      {own.length > 0 && (
        <Alert color="red" title={t('properties.problems')} role="alert">
          <List size="sm">
            {own.map((x) => (
              <List.Item key={x.message}>{x.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <TextInput label={t('properties.name')} value={p.name} maxLength={120} disabled={!editable} onChange={(e) => onChange({ name: e.currentTarget.value })} />
      <Group grow>
        {number('x', 0, canvas.width - p.width)}
        {number('y', 0, canvas.height - p.height)}
      </Group>
      <Group grow>
        {number('width', MIN_SIZE, canvas.width - p.x)}
        {number('height', MIN_SIZE, canvas.height - p.y)}
      </Group>
      <Group grow>
        {number('layer', 0, 999)}
        <NumberInput
          label={t('properties.opacity')}
          value={Math.round(p.opacity * 100)}
          min={0}
          max={100}
          suffix=" %"
          allowDecimal={false}
          clampBehavior="strict"
          disabled={!editable}
          onChange={(v) => typeof v === 'number' && onChange({ opacity: v / 100 })}
        />
      </Group>
      <Switch label={t('properties.visible')} checked={p.visible} disabled={!editable} onChange={(e) => onChange({ visible: e.currentTarget.checked })} />
      <Switch label={t('properties.locked')} checked={p.locked} disabled={!editable} onChange={(e) => onChange({ locked: e.currentTarget.checked })} />
      {primitive?.kind === 'text' && (
        <>
          <Textarea
            label={t('properties.text')}
            value={primitive.text ?? ''}
            maxLength={4000}
            autosize
            disabled={!editable}
            onChange={(e) => onChange({ primitive: { ...primitive, text: e.currentTarget.value } })}
          />
          <NumberInput
            label={t('properties.fontSize')}
            value={primitive.fontSize ?? 32}
            min={8}
            max={600}
            clampBehavior="strict"
            disabled={!editable}
            onChange={(v) => typeof v === 'number' && onChange({ primitive: { ...primitive, fontSize: v } })}
          />
        </>
      )}
      {editable && (
        <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove}>
          {t('properties.remove')}
        </Button>
      )}
    </Stack>
  );
}
