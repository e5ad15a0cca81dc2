import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { notifyDone, notifyFailed } from '../common/notify';
import { PageHeader } from '../common/PageHeader';
import { QueryError } from '../common/QueryError';
import { movedTimes, timesFromRange } from './calendar-times';
import { conflictRange, conflictsOf } from './schedule-conflicts';
import { pickerValue, valuesOf } from './schedule-form';
import { ScheduleCalendar } from './ScheduleCalendar';
import { type DialogState, ScheduleDialog } from './ScheduleDialog';
import { PlaysNowPanel } from './PlaysNowPanel';
import { type CalendarTarget, TargetPicker } from './TargetPicker';
import { planOf, useSchedules } from './useSchedules';

/** The Schedules section: one screen's or group's week, a dialog for each schedule, and what plays at a moment. */
export function SchedulesPage() {
  const { t } = useTranslation('schedules');
  const { role } = useAuthStatus();
  const admin = atLeast(role, 'administrator');
  const client = useQueryClient();
  const list = useSchedules();
  const update = $api.useMutation('patch', '/api/v1/schedules/{id}');
  const [target, setTarget] = useState<CalendarTarget>();
  const [dialog, setDialog] = useState<DialogState>();
  const [weekStart, setWeekStart] = useState(() => Date.now());
  const all = list.data?.items ?? [];
  const defaultZone = list.data?.defaultTimezone ?? 'UTC';
  const zone = target?.timezone ?? defaultZone;
  const plans = useMemo(() => all.map(planOf), [all]);
  // The calendar shows what names the target itself; what a screen's group plays is in the preview's answer.
  const shown = useMemo(() => (target ? plans.filter((s) => s.targets.some((x) => x.type === target.type && x.id === target.id)) : []), [plans, target]);
  const byId = useMemo(() => new Map(all.map((s) => [s.id, s])), [all]);
  const targetPrefill = target ? (target.type === 'screen' ? { screenIds: [target.id] } : { groupIds: [target.id] }) : {};

  const draw = (start: number, end: number) => {
    const times = timesFromRange(start, end, zone);
    setDialog({
      prefill: {
        timezone: zone,
        ...targetPrefill,
        daysOfWeek: times.daysOfWeek.map(String),
        dailyStart: times.dailyStart,
        dailyEnd: times.dailyEnd,
        oneTimeStart: pickerValue(start, zone),
        oneTimeEnd: pickerValue(end, zone),
      },
    });
  };
  const move = async (scheduleId: string, occurrenceStart: number, start: number, end: number, revert: () => void) => {
    const schedule = byId.get(scheduleId);
    const patch = schedule && movedTimes(planOf(schedule), occurrenceStart, start, end);
    if (!schedule || !patch) {
      revert();
      if (schedule) notifyFailed(undefined, t('calendar.tooLong'));
      return;
    }
    // A move that would tie with another schedule is not saved straight away: the dialog says so first.
    const plan = { ...planOf(schedule), ...patch };
    if (conflictsOf(plan, plans, ...conflictRange(plan, weekStart)).length) {
      revert();
      const base = valuesOf(schedule);
      setDialog({
        schedule,
        prefill:
          schedule.type === 'one_time'
            ? { oneTimeStart: pickerValue(start, schedule.timezone), oneTimeEnd: pickerValue(end, schedule.timezone) }
            : {
                ...base,
                dailyStart: patch.dailyStart ?? base.dailyStart,
                dailyEnd: patch.dailyEnd ?? base.dailyEnd,
                daysOfWeek: (patch.daysOfWeek ?? []).map(String),
              },
      });
      return;
    }
    try {
      await update.mutateAsync({ params: { path: { id: scheduleId } }, body: patch });
      await client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/schedules') });
      notifyDone(t('dialog.saved', { name: schedule.name }));
    } catch (error) {
      revert();
      notifyFailed(error);
    }
  };

  return (
    <>
      <PageHeader title={t('title')}>
        {admin && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ prefill: { timezone: zone, ...targetPrefill } })}>
            {t('newSchedule')}
          </Button>
        )}
      </PageHeader>
      <Stack>
        <Text>{t('intro')}</Text>
        {!admin && <Alert color="gray">{t('readOnly')}</Alert>}
        {list.error && <QueryError error={list.error} />}
        <TargetPicker value={target} onChange={setTarget} />
        {target ? (
          <>
            <Text size="sm">
              {target.timezone ? t('target.zone', { zone, name: target.name }) : t('target.groupZone', { zone })}
              {target.type === 'screen' && ` ${t('target.viaGroup')}`}
            </Text>
            <ScheduleCalendar
              targetName={target.name}
              zone={zone}
              schedules={shown}
              contentOf={(id) => byId.get(id)?.playlistName || byId.get(id)?.displayAction?.type || ''}
              canEdit={admin}
              onWeek={setWeekStart}
              onDraw={draw}
              onOpen={(id) => {
                const schedule = byId.get(id);
                if (schedule) setDialog({ schedule });
              }}
              onMove={(...args) => void move(...args)}
            />
            {target.type === 'screen' && (admin ? <PlaysNowPanel screenId={target.id} zone={zone} /> : <Text c="dimmed">{t('now.adminOnly')}</Text>)}
          </>
        ) : (
          <Text c="dimmed">{t('target.none')}</Text>
        )}
      </Stack>
      {admin && (
        <ScheduleDialog
          state={dialog}
          defaultZone={zone}
          stored={plans}
          weekStart={weekStart}
          screen={target?.type === 'screen' && target.timezone ? { name: target.name, timezone: target.timezone } : undefined}
          onClose={() => setDialog(undefined)}
        />
      )}
    </>
  );
}
