import { Alert, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConfigField, DataSourceSummary } from './types';

interface Props {
  field: ConfigField;
  /** The sources whose shape the type can show. */
  sources: DataSourceSummary[] | undefined;
  kinds: string[];
  value: string;
  error?: string;
  disabled: boolean;
  onChange(id: string): void;
}

/** The data source a data-bound widget shows: only those of a shape the type can show are offered. */
export function WidgetSourcePicker({ field, sources, kinds, value, error, disabled, onChange }: Props) {
  const { t } = useTranslation('widgets');
  if (sources && sources.length === 0) {
    return (
      <Alert color="yellow" title={t('editor.noCompatibleTitle')}>
        {t('editor.noCompatible', { kinds: kinds.join(', ') })}
      </Alert>
    );
  }
  return (
    <Select
      label={field.label}
      description={t('editor.sourceHint', { kinds: kinds.join(', ') })}
      required={field.required}
      data={(sources ?? []).map((s) => ({ value: s.id, label: s.name }))}
      value={value || null}
      onChange={(id) => onChange(id ?? '')}
      error={error}
      disabled={disabled}
      searchable
      clearable={!field.required}
      nothingFoundMessage={t('editor.noSourceMatch')}
    />
  );
}
