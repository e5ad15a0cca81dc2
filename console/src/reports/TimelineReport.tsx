import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ScreenTimeline } from '../screens/ScreenTimeline';
import { RangeFilter } from './RangeFilter';
import { type ReportParams, rangeOf } from './report-params';
import { ReportPicker } from './ReportPicker';

/** One screen's reported events and playback over the report's range. */
export function TimelineReport({ params, onChange }: { params: ReportParams; onChange: (change: Partial<ReportParams>) => void }) {
  const { t } = useTranslation('reports');
  return (
    <Stack gap="lg">
      <RangeFilter params={params} onChange={onChange} />
      <ReportPicker
        kind="screen"
        label={t('filters.screen')}
        placeholder={t('timeline.pick')}
        nothingFound={t('filters.nothingFound')}
        value={params.screen}
        onChange={(screen) => onChange({ screen })}
      />
      {params.screen ? (
        <ScreenTimeline screenId={params.screen} range={rangeOf(params)} title={t('timeline.title')} />
      ) : (
        <Text c="dimmed">{t('timeline.none')}</Text>
      )}
    </Stack>
  );
}
