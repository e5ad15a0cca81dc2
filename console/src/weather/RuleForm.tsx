import { Alert, Button, Group, MultiSelect, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { bodyFieldErrors, errorMessage } from '../api/errors';
import type { BodyOf } from '../api/types';
import { notifyDone } from '../common/notify';
import { ScreenMultiSelect } from '../screens/ScreenMultiSelect';
import type { AlertRule } from './types';

type RuleBody = BodyOf<'/api/v1/alerts/weather/rules', 'post'>;
const SEVERITIES = ['Minor', 'Moderate', 'Severe', 'Extreme'] as const;
const URGENCIES = ['Unknown', 'Future', 'Expected', 'Immediate'] as const;

interface Values {
  name: string;
  enabled: boolean;
  eventNames: string[];
  minimumSeverity: (typeof SEVERITIES)[number];
  minimumUrgency: (typeof URGENCIES)[number];
  responseMode: 'takeover' | 'ticker';
  presentationMode: 'builtin' | 'playlist';
  playlistId: string | null;
  tickerDisplayMode: 'overlay' | 'push';
  tickerHeightPx: number | string;
  tickerSpeed: 'slow' | 'medium' | 'fast';
  maximumDurationMinutes: number | string;
  screenIds: string[];
  groupIds: string[];
}

const valuesOf = (rule: AlertRule | undefined): Values => ({
  name: rule?.name ?? '',
  enabled: rule?.enabled ?? true,
  eventNames: rule?.eventNames ?? [],
  minimumSeverity: rule?.minimumSeverity ?? 'Severe',
  minimumUrgency: rule?.minimumUrgency ?? 'Expected',
  responseMode: rule?.responseMode ?? 'takeover',
  presentationMode: rule?.presentationMode ?? 'builtin',
  playlistId: rule?.playlistId ?? null,
  tickerDisplayMode: rule?.tickerDisplayMode ?? 'overlay',
  tickerHeightPx: rule?.tickerHeightPx ?? 80,
  tickerSpeed: rule?.tickerSpeed ?? 'medium',
  maximumDurationMinutes: rule?.maximumDurationMinutes ?? 360,
  screenIds: rule?.screenIds ?? [],
  groupIds: rule?.groupIds ?? [],
});

function bodyOf(v: Values): RuleBody {
  const takeover = v.responseMode === 'takeover';
  return {
    name: v.name.trim(),
    enabled: v.enabled,
    eventNames: v.eventNames,
    minimumSeverity: v.minimumSeverity,
    minimumUrgency: v.minimumUrgency,
    responseMode: v.responseMode,
    presentationMode: takeover ? v.presentationMode : 'builtin',
    playlistId: takeover && v.presentationMode === 'playlist' ? v.playlistId : null,
    tickerDisplayMode: v.tickerDisplayMode,
    tickerHeightPx: Number(v.tickerHeightPx),
    tickerSpeed: v.tickerSpeed,
    maximumDurationMinutes: Number(v.maximumDurationMinutes),
    screenIds: v.screenIds,
    groupIds: v.groupIds,
  };
}

/** A rule's form: what it matches, how it answers (takeover with the alert itself or a playlist, or a ticker), where and for how long. */
export function RuleForm({ rule, onDone }: { rule?: AlertRule; onDone(): void }) {
  const { t } = useTranslation(['weather', 'common']);
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } });
  const groups = $api.useQuery('get', '/api/v1/screen-groups', { params: { query: { pageSize: 100 } } });
  const create = $api.useMutation('post', '/api/v1/alerts/weather/rules');
  const update = $api.useMutation('put', '/api/v1/alerts/weather/rules/{id}');
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({ initialValues: valuesOf(rule) });
  const v = form.values;

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    try {
      const body = bodyOf(values);
      const saved = rule ? await update.mutateAsync({ params: { path: { id: rule.id } }, body }) : await create.mutateAsync({ body });
      notifyDone(t('rules.saved', { name: saved.data.name }));
      onDone();
    } catch (error) {
      const fields = Object.entries(bodyFieldErrors(error)).filter(([name]) => name in values);
      for (const [name, message] of fields) form.setFieldError(name, message);
      if (fields.length === 0) setFailure(errorMessage(error, t('common:errors.network')));
    }
  });
  const options = <K extends string>(keys: readonly K[], label: (k: K) => string) => keys.map((k) => ({ value: k, label: label(k) }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('form.name')} required maxLength={180} data-autofocus {...form.getInputProps('name')} />
        <Switch label={t('form.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <TagsInput label={t('form.events')} description={t('form.eventsHint')} {...form.getInputProps('eventNames')} />
        <SimpleGrid cols={2}>
          <Select
            label={t('form.severity')}
            allowDeselect={false}
            data={options(SEVERITIES, (s) => t(`severities.${s}`))}
            {...form.getInputProps('minimumSeverity')}
          />
          <Select
            label={t('form.urgency')}
            allowDeselect={false}
            data={options(URGENCIES, (u) => t(`urgencies.${u}`))}
            {...form.getInputProps('minimumUrgency')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="rule-response">
            {t('form.response')}
          </Text>
          <SegmentedControl
            aria-labelledby="rule-response"
            data={options(['takeover', 'ticker'] as const, (m) => t(`form.responses.${m}`))}
            {...form.getInputProps('responseMode')}
          />
        </Stack>
        {v.responseMode === 'takeover' ? (
          <>
            <Select
              label={t('form.presentation')}
              allowDeselect={false}
              data={options(['builtin', 'playlist'] as const, (m) => t(`form.presentations.${m}`))}
              {...form.getInputProps('presentationMode')}
            />
            {v.presentationMode === 'playlist' && (
              <Select
                label={t('form.playlist')}
                required
                searchable
                data={(playlists.data?.data.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
                {...form.getInputProps('playlistId')}
              />
            )}
          </>
        ) : (
          <SimpleGrid cols={3}>
            <Select
              label={t('form.tickerDisplay')}
              allowDeselect={false}
              data={options(['overlay', 'push'] as const, (m) => t(`form.tickerDisplays.${m}`))}
              {...form.getInputProps('tickerDisplayMode')}
            />
            <NumberInput label={t('form.tickerHeight')} min={40} max={320} allowDecimal={false} {...form.getInputProps('tickerHeightPx')} />
            <Select
              label={t('form.tickerSpeed')}
              allowDeselect={false}
              data={options(['slow', 'medium', 'fast'] as const, (m) => t(`form.tickerSpeeds.${m}`))}
              {...form.getInputProps('tickerSpeed')}
            />
          </SimpleGrid>
        )}
        <ScreenMultiSelect label={t('form.screens')} {...form.getInputProps('screenIds')} />
        <MultiSelect
          label={t('form.groups')}
          searchable
          data={(groups.data?.data.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
          {...form.getInputProps('groupIds')}
        />
        <NumberInput label={t('form.maximum')} min={5} allowDecimal={false} {...form.getInputProps('maximumDurationMinutes')} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
