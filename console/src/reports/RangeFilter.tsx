import '@mantine/dates/styles.css';
import { Group, SegmentedControl } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESETS, type Preset, presetDays, type ReportParams } from './report-params';

/** The report's days: a preset, or any two days picked in the calendar (a year at most, as the server allows 400 days). */
export function RangeFilter({ params, onChange }: { params: ReportParams; onChange: (change: Partial<ReportParams>) => void }) {
  const { t } = useTranslation('reports');
  // The first day picked waits here for the second; the report keeps the range it shows until then.
  const [picking, setPicking] = useState<[string | null, string | null] | null>(null);
  return (
    <Group align="end" gap="md" wrap="wrap">
      <SegmentedControl
        aria-label={t('range.presets')}
        value={params.preset ?? ''}
        onChange={(preset) => {
          setPicking(null);
          onChange({ preset: preset as Preset, ...presetDays(preset as Preset) });
        }}
        data={PRESETS.map((p) => ({ value: p, label: t(`range.${p}`) }))}
      />
      <DatePickerInput
        type="range"
        label={t('range.dates')}
        value={picking ?? [params.from, params.to]}
        onChange={([from, to]) => {
          if (from && to) {
            setPicking(null);
            onChange({ preset: null, from, to });
          } else setPicking([from, to]);
        }}
        allowSingleDateInRange
        maxDate={new Date()}
        valueFormat="D MMM YYYY"
        w={260}
      />
    </Group>
  );
}
