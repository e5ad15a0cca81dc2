import '@mantine/dates/styles.css';
import { Badge, ColorInput, Group, MultiSelect, NumberInput, PasswordInput, Select, Stack, Switch, TagsInput, TextInput, Tooltip } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '../api/types';
import type { SettingValue } from './setting-changes';

export type SettingDefinition = DataOf<'/api/v1/settings', 'get'>['definitions'][number];

interface Props {
  def: SettingDefinition;
  value: SettingValue;
  error?: string;
  onChange(value: SettingValue): void;
}

const FLAGS = ['policy', 'restartRequired', 'immediate', 'futureOnly'] as const;

/** What a change of this setting means, as small labelled badges. */
function Flags({ def }: { def: SettingDefinition }) {
  const { t } = useTranslation('settings');
  const on = FLAGS.filter((flag) => (flag === 'policy' ? def.scope === 'policy' : def[flag]));
  if (!on.length) return null;
  return (
    <Group gap={4}>
      {on.map((flag) => (
        <Tooltip key={flag} label={t(`flagHelp.${flag}`)}>
          <Badge variant="outline" color="gray" size="sm" tabIndex={0}>
            {t(`flags.${flag}`)}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

const weekdayName = (isoDay: number) =>
  // 2024-01-01 was a Monday (ISO weekday 1).
  new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, isoDay)));

/** One setting's control, chosen by the definition's type and bounded by its limits. */
function Control({ def, value, error, onChange }: Props) {
  const { t } = useTranslation('settings');
  const zones = useMemo(() => (def.type === 'timezone' ? Intl.supportedValuesOf('timeZone') : []), [def.type]);
  const common = { label: def.title, description: def.description, error };
  switch (def.type) {
    case 'bool':
      return <Switch {...common} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'int':
    case 'int64':
    case 'float':
      return (
        <NumberInput
          {...common}
          value={value as number}
          min={def.min}
          max={def.max}
          allowDecimal={def.type === 'float'}
          onChange={(v) => onChange(typeof v === 'number' ? v : Number(v))}
        />
      );
    case 'enum':
      return <Select {...common} data={def.allowed ?? []} value={value as string} allowDeselect={false} onChange={(v) => v !== null && onChange(v)} />;
    case 'timezone':
      return (
        <Select
          {...common}
          data={zones.includes(value as string) ? zones : [value as string, ...zones]}
          value={value as string}
          searchable
          allowDeselect={false}
          onChange={(v) => v !== null && onChange(v)}
        />
      );
    case 'color':
      return <ColorInput {...common} format="hex" withEyeDropper={false} value={value as string} onChange={onChange} />;
    case 'local_time':
      return <TimeInput {...common} value={value as string} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'weekday_list':
      return (
        <MultiSelect
          {...common}
          data={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: weekdayName(d) }))}
          value={(value as number[]).map(String)}
          placeholder={t('weekdays')}
          onChange={(v) => onChange(v.map(Number).sort((a, b) => a - b))}
        />
      );
    case 'package_list':
      return <TagsInput {...common} value={value as string[]} onChange={onChange} />;
    default: {
      const Input = def.sensitive ? PasswordInput : TextInput;
      return <Input {...common} value={value as string} maxLength={def.maxLength} onChange={(e) => onChange(e.currentTarget.value)} />;
    }
  }
}

export function SettingField(props: Props) {
  return (
    <Stack gap={4}>
      <Control {...props} />
      <Flags def={props.def} />
    </Stack>
  );
}
