import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CellType } from './paste-cells';
import { keyFromLabel } from './table-rows';

export const CELL_TYPES: readonly CellType[] = ['text', 'number', 'integer', 'percent', 'currency', 'boolean', 'date', 'datetime', 'url'];
export interface NewColumn {
  key: string;
  label: string;
  type: CellType;
  currency?: string;
}

/** A new column of a manual table: its name, key (from the name unless changed), type and currency. */
export function ColumnForm({ taken, onAdd, onCancel }: { taken: string[]; onAdd(column: NewColumn): void; onCancel(): void }) {
  const { t } = useTranslation(['dataSources', 'common']);
  const form = useForm({
    initialValues: { label: '', key: '', type: 'text' as CellType, currency: '' },
    validate: {
      label: (v) => (v.trim() ? null : t('table.column.labelRequired')),
      key: (v, values) => {
        const key = v || keyFromLabel(values.label);
        if (!/^[a-z][A-Za-z0-9_]{0,39}$/.test(key)) return t('table.column.keyInvalid');
        return taken.includes(key) ? t('table.column.keyTaken') : null;
      },
      currency: (v, values) => (values.type !== 'currency' || /^[A-Z]{3}$/.test(v) ? null : t('table.column.currencyInvalid')),
    },
  });
  const submit = form.onSubmit((v) =>
    onAdd({ key: v.key || keyFromLabel(v.label), label: v.label.trim(), type: v.type, ...(v.type === 'currency' ? { currency: v.currency } : {}) }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('table.column.label')} required data-autofocus {...form.getInputProps('label')} />
        <TextInput
          label={t('table.column.key')}
          description={t('table.column.keyHint')}
          placeholder={keyFromLabel(form.values.label)}
          {...form.getInputProps('key')}
        />
        <Select
          label={t('table.column.type')}
          data={CELL_TYPES.map((type) => ({ value: type, label: t(`table.types.${type}`) }))}
          allowDeselect={false}
          {...form.getInputProps('type')}
        />
        {form.values.type === 'currency' && (
          <TextInput label={t('table.column.currency')} description={t('table.column.currencyHint')} maxLength={3} {...form.getInputProps('currency')} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit">{t('table.column.add')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
