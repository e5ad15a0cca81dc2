import { Alert, Button, Group, MultiSelect, NumberInput, PasswordInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { $api } from '../api/client';
import { errorMessage } from '../api/errors';
import { notifyDone } from '../common/notify';
import { ScreenMultiSelect } from '../screens/ScreenMultiSelect';
import { fieldErrorsOf, type TakeoverSettings } from './takeover-settings';

interface Values {
  name: string;
  playlistId: string | null;
  screenIds: string[];
  groupIds: string[];
  minutes: number | string;
  description: string;
  password: string;
}

/** The start dialog's form: what, where, how long; a review step when the server asks for one; the password when it asks for it. */
export function StartTakeoverForm({ settings, onDone }: { settings: TakeoverSettings; onDone(): void }) {
  const { t } = useTranslation(['takeovers', 'common']);
  const navigate = useNavigate();
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } });
  const groups = $api.useQuery('get', '/api/v1/screen-groups', { params: { query: { pageSize: 100 } } });
  const start = $api.useMutation('post', '/api/v1/takeovers');
  const [reviewing, setReviewing] = useState(false);
  const [failure, setFailure] = useState<string>();
  const max = settings.maximumMinutes;
  const form = useForm<Values>({
    initialValues: { name: '', playlistId: null, screenIds: [], groupIds: [], minutes: Math.min(settings.defaultMinutes, max), description: '', password: '' },
    validate: {
      name: (v) => (v.trim() ? null : t('form.nameRequired')),
      playlistId: (v) => (v ? null : t('form.playlistRequired')),
      screenIds: (v, all) => (v.length + all.groupIds.length > 0 ? null : t('form.targetRequired')),
      minutes: (v) => (Number.isInteger(v) && Number(v) >= 1 && Number(v) <= max ? null : t('form.durationRange', { max })),
    },
  });
  // Only playlists with something in them can take over; the server checks what plays now.
  const playable = (playlists.data?.data.items ?? []).filter((p) => p.itemCount > 0 || p.tagRuleEnabled);
  const playlistName = playable.find((p) => p.id === form.values.playlistId)?.name ?? '';

  const send = async (values: Values) => {
    setFailure(undefined);
    try {
      const started = await start.mutateAsync({
        body: {
          name: values.name.trim(),
          playlistId: values.playlistId ?? '',
          screenIds: values.screenIds,
          groupIds: values.groupIds,
          expiresAt: dayjs().add(Number(values.minutes), 'minute').toISOString(),
          ...(values.description.trim() ? { description: values.description.trim() } : {}),
          ...(settings.reauthenticationRequired ? { password: values.password } : {}),
        },
      });
      notifyDone(t('form.started', { name: started.data.name }));
      onDone();
      navigate(`/takeovers/${started.data.id}`);
    } catch (error) {
      setReviewing(false);
      const message = errorMessage(error, t('common:errors.network'));
      const fields = fieldErrorsOf(error);
      for (const [field, text] of fields) form.setFieldError(field, text);
      if (fields.length === 0) setFailure(message);
    }
  };
  const submit = form.onSubmit((values) => (settings.confirmationRequired && !reviewing ? setReviewing(true) : void send(values)));

  if (reviewing) {
    return (
      <Stack>
        <Text fw={600}>{t('form.confirmTitle')}</Text>
        <Text size="sm">
          {t('form.confirmBody', {
            playlist: playlistName,
            count: form.values.screenIds.length + form.values.groupIds.length,
            until: dayjs().add(Number(form.values.minutes), 'minute').format('LLL'),
          })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setReviewing(false)}>
            {t('form.edit')}
          </Button>
          <Button color="red" loading={start.isPending} onClick={() => void send(form.values)}>
            {t('form.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={t('form.name')} placeholder={t('form.namePlaceholder')} required maxLength={180} data-autofocus {...form.getInputProps('name')} />
        <Select
          label={t('form.playlist')}
          description={t('form.playlistHint')}
          required
          searchable
          data={playable.map((p) => ({ value: p.id, label: p.name }))}
          {...form.getInputProps('playlistId')}
        />
        <ScreenMultiSelect label={t('form.screens')} description={t('form.targetsHint')} {...form.getInputProps('screenIds')} />
        <MultiSelect
          label={t('form.groups')}
          searchable
          data={(groups.data?.data.items ?? []).map((g) => ({ value: g.id, label: g.name }))}
          {...form.getInputProps('groupIds')}
        />
        <NumberInput
          label={t('form.duration')}
          description={t('form.durationHint', { max })}
          min={1}
          max={max}
          allowDecimal={false}
          required
          {...form.getInputProps('minutes')}
        />
        <Textarea label={t('form.description')} maxLength={2000} autosize minRows={2} {...form.getInputProps('description')} />
        {settings.reauthenticationRequired && (
          <PasswordInput
            label={t('form.password')}
            description={t('form.passwordHint')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" color="red" loading={start.isPending}>
            {settings.confirmationRequired ? t('form.review') : t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
