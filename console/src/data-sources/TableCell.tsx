import '@mantine/dates/styles.css';
import { Checkbox, NumberInput, TextInput } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import type { CellType } from './paste-cells';

interface Props {
  type: CellType;
  value: string;
  onChange(value: string): void;
  label: string;
  row: number;
  column: number;
  disabled: boolean;
}

/**
 * One cell of a manual table, as the input its column's type takes; the value is the text the API
 * stores (a number as digits, a boolean as true/false, a date as YYYY-MM-DD, a time as ISO 8601).
 * `data-row`/`data-column` tell a paste where it landed.
 */
export function TableCell({ type, value, onChange, label, row, column, disabled }: Props) {
  const common = { 'aria-label': label, 'data-row': row, 'data-column': column, disabled, size: 'xs' as const };
  switch (type) {
    case 'number':
    case 'percent':
    case 'currency':
    case 'integer':
      return (
        <NumberInput {...common} value={value} onChange={(v) => onChange(v === '' ? '' : String(v))} allowDecimal={type !== 'integer'} hideControls miw={90} />
      );
    case 'boolean':
      return <Checkbox {...common} checked={value === 'true'} onChange={(e) => onChange(e.currentTarget.checked ? 'true' : 'false')} />;
    case 'date':
      return <DateInput {...common} value={value || null} onChange={(v) => onChange(v ?? '')} valueFormat="YYYY-MM-DD" clearable miw={130} />;
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          value={value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : null}
          onChange={(v) => onChange(v ? dayjs(v).toISOString() : '')}
          valueFormat="YYYY-MM-DD HH:mm"
          clearable
          miw={170}
        />
      );
    case 'url':
      return <TextInput {...common} type="url" value={value} onChange={(e) => onChange(e.currentTarget.value)} miw={180} />;
    default:
      return <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} miw={140} />;
  }
}
