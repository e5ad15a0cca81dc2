import { Button, Fieldset, Group, NumberInput, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_CANVAS, type Panel, ROTATIONS, turnPanel, type Canvas } from './wall-geometry';

const whole = (v: string | number) => (typeof v === 'number' ? Math.round(v) : Number.parseInt(v, 10) || 0);
const POSITION = ['x', 'y', 'width', 'height'] as const;
const BEZELS = ['bezelLeft', 'bezelTop', 'bezelRight', 'bezelBottom'] as const;

/** The selected panel in numbers: the keyboard's way to place, size, turn it and set its bezels. */
export function PanelFields({ panel, canvas, editable, onPanel }: { panel: Panel; canvas: Canvas; editable: boolean; onPanel(panel: Panel): void }) {
  const { t } = useTranslation('groups');
  const set = (field: keyof Panel, value: number) => onPanel({ ...panel, [field]: value });
  return (
    <Fieldset legend={t('wall.fieldsOf', { name: panel.screenName })} disabled={!editable}>
      <SimpleGrid cols={2} spacing="xs">
        {POSITION.map((field) => (
          <NumberInput
            key={field}
            label={t(`wall.fields.${field}`)}
            value={panel[field]}
            min={field === 'width' || field === 'height' ? 1 : 0}
            max={MAX_CANVAS}
            allowDecimal={false}
            onChange={(v) => set(field, whole(v))}
          />
        ))}
        <Select
          label={t('wall.fields.rotation')}
          data={ROTATIONS.map((r) => ({ value: String(r), label: t('wall.degrees', { count: r }) }))}
          value={String(panel.rotation)}
          allowDeselect={false}
          onChange={(v) => v !== null && set('rotation', Number(v))}
        />
        <NumberInput
          label={t('wall.fields.order')}
          value={panel.order + 1}
          min={1}
          max={64}
          allowDecimal={false}
          onChange={(v) => set('order', Math.max(0, whole(v) - 1))}
        />
        {BEZELS.map((field) => (
          <NumberInput
            key={field}
            label={t(`wall.fields.${field}`)}
            value={panel[field]}
            min={0}
            max={500}
            allowDecimal={false}
            onChange={(v) => set(field, whole(v))}
          />
        ))}
      </SimpleGrid>
      <Group mt="sm">
        <Button variant="default" onClick={() => onPanel(turnPanel(panel, canvas))}>
          {t('wall.turn')}
        </Button>
      </Group>
    </Fieldset>
  );
}
