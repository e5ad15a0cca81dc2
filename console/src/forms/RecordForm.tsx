import '@mantine/dates/styles.css';
import { Checkbox, MultiSelect, NumberInput, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { FormField } from './form-fields';

export type Values = Record<string, unknown>;

interface Props {
  fields: FormField[];
  values: Values;
  onChange: (key: string, value: unknown) => void;
  /** What an image field shows (its upload and its current image). */
  image: (field: FormField) => ReactNode;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A record's values as the form asks for them, each by its control. Required fields are marked, not
 * enforced here: a draft may be saved unfinished, and the server checks them when it is submitted.
 */
export function RecordForm({ fields, values, onChange, image }: Props) {
  return (
    <Stack>
      {fields.map((f) => {
        const common = { label: f.label, description: f.description, withAsterisk: f.required ?? false };
        const v = values[f.key];
        switch (f.control) {
          case 'section':
            return (
              <Title key={f.key} order={3} size="h5">
                {f.label}
              </Title>
            );
          case 'help_text':
            return (
              <Text key={f.key} size="sm" c="dimmed">
                {f.label}
              </Text>
            );
          case 'short_text':
          case 'url':
            return (
              <TextInput
                key={f.key}
                {...common}
                type={f.control === 'url' ? 'url' : 'text'}
                maxLength={f.maxLength}
                value={text(v)}
                onChange={(e) => onChange(f.key, e.currentTarget.value)}
              />
            );
          case 'long_text':
            return (
              <Textarea
                key={f.key}
                {...common}
                autosize
                minRows={3}
                maxLength={f.maxLength}
                value={text(v)}
                onChange={(e) => onChange(f.key, e.currentTarget.value)}
              />
            );
          case 'number':
          case 'integer':
            return (
              <NumberInput
                key={f.key}
                {...common}
                min={f.minimum}
                max={f.maximum}
                allowDecimal={f.control === 'number'}
                value={typeof v === 'number' ? v : ''}
                onChange={(n) => onChange(f.key, typeof n === 'number' ? n : undefined)}
              />
            );
          case 'boolean':
            return (
              <Checkbox
                key={f.key}
                label={f.label}
                description={f.description}
                checked={v === true}
                onChange={(e) => onChange(f.key, e.currentTarget.checked)}
              />
            );
          case 'select':
            return (
              <Select key={f.key} {...common} data={f.options ?? []} value={text(v) || null} clearable onChange={(s) => onChange(f.key, s ?? undefined)} />
            );
          case 'multi_select':
            return (
              <MultiSelect
                key={f.key}
                {...common}
                data={f.options ?? []}
                value={Array.isArray(v) ? (v as string[]) : []}
                onChange={(s) => onChange(f.key, s)}
              />
            );
          case 'date':
            return (
              <DateInput key={f.key} {...common} valueFormat="YYYY-MM-DD" clearable value={text(v) || null} onChange={(d) => onChange(f.key, d ?? undefined)} />
            );
          case 'datetime':
            return (
              <DateTimePicker
                key={f.key}
                {...common}
                clearable
                value={v ? dayjs(text(v)).format('YYYY-MM-DD HH:mm:ss') : null}
                onChange={(d) => onChange(f.key, d ? dayjs(d).toISOString() : undefined)}
              />
            );
          case 'image':
            return <div key={f.key}>{image(f)}</div>;
          default:
            return null;
        }
      })}
    </Stack>
  );
}
