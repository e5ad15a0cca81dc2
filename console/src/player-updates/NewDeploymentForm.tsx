import '@mantine/dates/styles.css';
import { Alert, Button, Group, MultiSelect, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { $api } from '../api/client';
import { bodyFieldErrors, errorMessage } from '../api/errors';
import type { BodyOf } from '../api/types';
import { notifyDone } from '../common/notify';
import { ScreenMultiSelect } from '../screens/ScreenMultiSelect';

type Mode = BodyOf<'/api/v1/update-deployments', 'post'>['mode'];
const MODES = Object.keys({ install_now: true, download_only: true, maintenance_window: true } satisfies Record<Mode, true>) as Mode[];
const MAX_CANARY = 50;

interface Values {
  name: string;
  releaseId: string | null;
  mode: Mode;
  windowStart: string | null;
  screenIds: string[];
  groupIds: string[];
  canarySize: number | string;
}

/** A rollout of a deployable release: what, how it installs, to which screens and groups, and how many go first. */
export function NewDeploymentForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation(['playerUpdates', 'common']);
  const navigate = useNavigate();
  const releases = $api.useQuery('get', '/api/v1/player-releases');
  const groups = $api.useQuery('get', '/api/v1/screen-groups', { params: { query: { pageSize: 100 } } });
  const create = $api.useMutation('post', '/api/v1/update-deployments');
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({
    initialValues: { name: '', releaseId: null, mode: 'install_now', windowStart: null, screenIds: [], groupIds: [], canarySize: 0 },
    validate: {
      name: (v) => (v.trim() ? null : t('form.nameRequired')),
      releaseId: (v) => (v ? null : t('form.releaseRequired')),
      windowStart: (v, all) => (all.mode !== 'maintenance_window' || v ? null : t('form.windowRequired')),
      screenIds: (v, all) => (v.length + all.groupIds.length > 0 ? null : t('form.targetRequired')),
    },
  });
  const deployable = (releases.data?.data.items ?? []).filter((r) => r.verified);

  const send = async (values: Values) => {
    setFailure(undefined);
    try {
      const created = await create.mutateAsync({
        body: {
          name: values.name.trim(),
          releaseId: values.releaseId ?? '',
          mode: values.mode,
          screenIds: values.screenIds,
          groupIds: values.groupIds,
          canarySize: Number(values.canarySize) || 0,
          ...(values.mode === 'maintenance_window' && values.windowStart ? { maintenanceWindowStart: dayjs(values.windowStart).toISOString() } : {}),
        },
      });
      notifyDone(t('form.started', { name: created.data.name }));
      onDone();
      navigate(`/player-updates/deployments/${created.data.id}`);
    } catch (error) {
      const fields = Object.entries(bodyFieldErrors(error));
      for (const [field, message] of fields) form.setFieldError(field === 'maintenanceWindowStart' ? 'windowStart' : field, message);
      if (fields.length === 0) setFailure(errorMessage(error, t('common:errors.network')));
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void send(values))} noValidate>
      <Stack>
        <TextInput label={t('form.name')} required maxLength={180} data-autofocus {...form.getInputProps('name')} />
        <Select
          label={t('form.release')}
          description={t('form.releaseHint')}
          required
          data={deployable.map((r) => ({
            value: r.id,
            label: t('form.releaseOption', {
              version: `${r.versionName} (${r.versionCode})`,
              platform: t(`releases.platforms.${r.platform}`),
              channel: t(`releases.channels.${r.channel}`),
            }),
          }))}
          {...form.getInputProps('releaseId')}
        />
        <Select
          label={t('form.mode')}
          required
          allowDeselect={false}
          data={MODES.map((m) => ({ value: m, label: t(`deployments.modes.${m}`) }))}
          {...form.getInputProps('mode')}
        />
        {form.values.mode === 'maintenance_window' && (
          <DateTimePicker label={t('form.window')} required valueFormat="YYYY-MM-DD HH:mm" minDate={new Date()} {...form.getInputProps('windowStart')} />
        )}
        <ScreenMultiSelect label={t('form.screens')} description={t('form.targetsHint')} {...form.getInputProps('screenIds')} />
        <MultiSelect
          label={t('form.groups')}
          searchable
          data={(groups.data?.data.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
          {...form.getInputProps('groupIds')}
        />
        <NumberInput
          label={t('form.canary')}
          description={t('form.canaryHint')}
          min={0}
          max={MAX_CANARY}
          allowDecimal={false}
          {...form.getInputProps('canarySize')}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
