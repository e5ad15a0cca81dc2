import '@mantine/dates/styles.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateTimePicker, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { bodyFieldErrors, errorMessage } from '../api/errors';
import { notifyDone } from '../common/notify';
import { ScreenMultiSelect } from '../screens/ScreenMultiSelect';
import type { CalendarSchedule } from './calendar-events';
import { conflictRange, conflictsOf } from './schedule-conflicts';
import { bodyOf, emptyValues, pickerInstant, planOfValues, type ScheduleValues, valuesOf } from './schedule-form';
import type { Schedule } from './useSchedules';
import { clockOf, knownZones, wallClock, weekdayOf } from './zone-time';

export interface DialogState {
  /** The schedule edited; absent: a new one. */
  schedule?: Schedule;
  /** Fields to start from: a range drawn on the calendar, a move that needs a look first. */
  prefill?: Partial<ScheduleValues>;
}

interface Props {
  state: DialogState | undefined;
  defaultZone: string;
  stored: CalendarSchedule[];
  weekStart: number;
  /** The screen whose week is shown, to say when its zone differs from the schedule's. */
  screen?: { name: string; timezone: string };
  onClose(): void;
}

const DAYS = ['1', '2', '3', '4', '5', '6', '0'];

/** Adds a schedule or edits one, keyboard and mouse alike; says before saving what it would tie with. */
export function ScheduleDialog({ state, defaultZone, stored, weekStart, screen, onClose }: Props) {
  const { t } = useTranslation(['schedules', 'common']);
  const client = useQueryClient();
  const schedule = state?.schedule;
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } });
  const groups = $api.useQuery('get', '/api/v1/screen-groups', { params: { query: { pageSize: 100 } } });
  const create = $api.useMutation('post', '/api/v1/schedules');
  const update = $api.useMutation('patch', '/api/v1/schedules/{id}');
  const remove = $api.useMutation('delete', '/api/v1/schedules/{id}');
  const [failure, setFailure] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const zones = useMemo(knownZones, []);
  const form = useForm<ScheduleValues>({
    initialValues: emptyValues(defaultZone),
    validate: {
      name: (v) => (v.trim() ? null : t('dialog.nameRequired')),
      playlistId: (v) => (v || schedule?.layoutId || schedule?.displayAction ? null : t('dialog.playlistRequired')),
      daysOfWeek: (v, all) => (all.type === 'one_time' || v.length ? null : t('dialog.daysRequired')),
      oneTimeStart: (v, all) => (all.type === 'weekly' || v ? null : t('dialog.startRequired')),
      oneTimeEnd: (v, all) =>
        all.type === 'weekly' || pickerInstant(v, all.timezone) > pickerInstant(all.oneTimeStart, all.timezone) ? null : t('dialog.endAfterStart'),
      screenIds: (v, all) => (v.length + all.groupIds.length ? null : t('dialog.targetRequired')),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts over each time the dialog opens
  useEffect(() => {
    if (!state) return;
    form.setValues({ ...(schedule ? valuesOf(schedule) : emptyValues(defaultZone)), ...state.prefill });
    form.resetDirty();
    setFailure(undefined);
    setConfirming(false);
  }, [state]);

  const conflicts = useMemo(() => {
    const plan = planOfValues(form.values, schedule);
    return conflictsOf(plan, stored, ...conflictRange(plan, weekStart));
  }, [form.values, schedule, stored, weekStart]);

  const refresh = () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[1]).startsWith('/api/v1/schedules') });
  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    const body = bodyOf(values, schedule);
    try {
      const saved = schedule ? await update.mutateAsync({ params: { path: { id: schedule.id } }, body }) : await create.mutateAsync({ body });
      await refresh();
      notifyDone(t(schedule ? 'dialog.saved' : 'dialog.created', { name: saved.data.name }));
      onClose();
    } catch (error) {
      const fields = Object.entries(bodyFieldErrors(error));
      for (const [field, message] of fields) form.setFieldError(field === 'targets' ? 'screenIds' : field, message);
      if (!fields.length) setFailure(errorMessage(error, t('common:errors.network')));
    }
  });
  const deleteIt = async () => {
    if (!schedule) return;
    try {
      await remove.mutateAsync({ params: { path: { id: schedule.id } } });
      await refresh();
      notifyDone(t('dialog.deleted', { name: schedule.name }));
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, t('common:errors.network')));
    }
  };

  const v = form.values;
  const groupNames = new Map((groups.data?.data.items ?? []).map((g) => [g.id, g.name]));
  const screenNames = Object.fromEntries((schedule?.targets ?? []).filter((x) => x.type === 'screen').map((x) => [x.id, x.name]));
  const describe = (c: (typeof conflicts)[number]) => {
    const from = wallClock(v.timezone, c.start);
    const day: string = t(`days.${weekdayOf(from)}` as 'days.0');
    return t('dialog.conflict', {
      name: c.name,
      where: c.target.name ?? (c.target.type === 'group' ? groupNames.get(c.target.id) : undefined) ?? c.target.id,
      day,
      from: clockOf(from),
      to: clockOf(wallClock(v.timezone, c.end)),
      priority: String(Number(v.priority) || 0),
    });
  };

  return (
    <Modal opened={state !== undefined} onClose={onClose} title={schedule ? t('dialog.editTitle', { name: schedule.name }) : t('dialog.createTitle')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('dialog.name')} required maxLength={180} data-autofocus {...form.getInputProps('name')} />
          {schedule?.layoutId && !v.playlistId && <Text size="sm">{t('dialog.layout', { name: schedule.layoutName ?? schedule.playlistName })}</Text>}
          {schedule?.displayAction && !v.playlistId && <Text size="sm">{t('dialog.displayAction', { action: schedule.displayAction.type })}</Text>}
          <Select
            label={t('dialog.playlist')}
            required={!schedule?.layoutId && !schedule?.displayAction}
            searchable
            data={(playlists.data?.data.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
            {...form.getInputProps('playlistId')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="schedule-type-label">
              {t('dialog.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="schedule-type-label"
              data={[
                { value: 'weekly', label: t('dialog.weekly') },
                { value: 'one_time', label: t('dialog.oneTime') },
              ]}
              {...form.getInputProps('type')}
            />
          </Stack>
          {v.type === 'weekly' ? (
            <>
              <Checkbox.Group label={t('dialog.days')} withAsterisk {...form.getInputProps('daysOfWeek')}>
                <Group gap="sm" mt="xs">
                  {DAYS.map((d) => (
                    <Checkbox key={d} value={d} label={t(`days.${d}` as 'days.0')} />
                  ))}
                </Group>
              </Checkbox.Group>
              <SimpleGrid cols={2}>
                <TimeInput label={t('dialog.from')} required {...form.getInputProps('dailyStart')} />
                <TimeInput label={t('dialog.until')} description={t('dialog.untilHint')} required {...form.getInputProps('dailyEnd')} />
              </SimpleGrid>
            </>
          ) : (
            <SimpleGrid cols={2}>
              <DateTimePicker label={t('dialog.start')} required valueFormat="YYYY-MM-DD HH:mm" {...form.getInputProps('oneTimeStart')} />
              <DateTimePicker label={t('dialog.end')} required valueFormat="YYYY-MM-DD HH:mm" {...form.getInputProps('oneTimeEnd')} />
            </SimpleGrid>
          )}
          <Select
            label={t('dialog.timezone')}
            description={t('dialog.timezoneHint')}
            searchable
            allowDeselect={false}
            data={zones}
            {...form.getInputProps('timezone')}
          />
          {screen && screen.timezone !== v.timezone && <Text size="sm">{t('dialog.screenZone', { screen: screen.name, zone: screen.timezone })}</Text>}
          <SimpleGrid cols={2}>
            <NumberInput
              label={t('dialog.priority')}
              description={t('dialog.priorityHint')}
              min={-999}
              max={999}
              allowDecimal={false}
              {...form.getInputProps('priority')}
            />
            <Switch mt="lg" label={t('dialog.enabled')} description={t('dialog.enabledHint')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
          </SimpleGrid>
          <ScreenMultiSelect label={t('dialog.screens')} knownNames={screenNames} {...form.getInputProps('screenIds')} />
          <MultiSelect
            label={t('dialog.groups')}
            searchable
            data={(groups.data?.data.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
            {...form.getInputProps('groupIds')}
          />
          <Textarea label={t('dialog.description')} maxLength={2000} autosize minRows={2} {...form.getInputProps('description')} />
          {conflicts.length > 0 && (
            <Alert color="orange" role="alert" title={t('dialog.conflictTitle')}>
              <Stack gap={4}>
                {conflicts.map((c) => (
                  <Text key={c.scheduleId} size="sm">
                    {describe(c)}
                  </Text>
                ))}
                <Text size="sm">{t('dialog.conflictRule')}</Text>
              </Stack>
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {confirming && schedule ? (
            <Group justify="flex-end">
              <Text size="sm">{t('dialog.deleteConfirm', { name: schedule.name })}</Text>
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('common:cancel')}
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => void deleteIt()}>
                {t('common:delete')}
              </Button>
            </Group>
          ) : (
            <Group justify="space-between">
              <div>
                {schedule && (
                  <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                    {t('dialog.delete')}
                  </Button>
                )}
              </div>
              <Group>
                <Button variant="default" onClick={onClose}>
                  {t('common:cancel')}
                </Button>
                <Button type="submit" loading={create.isPending || update.isPending}>
                  {t('common:save')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
