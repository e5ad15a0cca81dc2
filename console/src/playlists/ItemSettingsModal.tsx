import { Button, Checkbox, Group, Modal, NumberInput, Select, Slider, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { QueryError } from '../common/QueryError';
import { MAX_SECONDS, MIN_SECONDS, msFromSeconds, secondsFromMs } from './durations';
import { msFromTrimSeconds, type TrimProblem, trimProblems } from './trims';
import { FIT_MODES, type FitMode, type PlaylistItem, TRANSITIONS, type Transition } from './types';
import { useShowPlaylist } from './usePlaylist';
import { percentFromVolume, volumeFromPercent } from './volume';

interface Values {
  seconds: number | string;
  fitMode: FitMode;
  transition: Transition;
  audioEnabled: boolean;
  volumePercent: number | string;
  usePlayerDefaults: boolean;
  /** Videos: where playback starts and stops, in seconds into the video; empty from the beginning, to the end. */
  startSeconds: number | string;
  endSeconds: number | string;
}

// A video's length as the server counts it (whole milliseconds), in seconds for people.
const lengthText = (seconds: number) => String(Math.trunc(seconds * 1000) / 1000);

/** How one item plays: duration in seconds, a video's start and end, fit, transition, sound and volume in percent. */
export function ItemSettingsModal({ playlistId, item, onClose }: { playlistId: string; item: PlaylistItem; onClose: () => void }) {
  const { t } = useTranslation('playlists');
  const show = useShowPlaylist();
  const save = $api.useMutation('patch', '/api/v1/playlists/{id}/items/{itemId}');
  const video = item.assetType === 'video';
  const media = video || item.assetType === 'image';
  const form = useForm<Values>({
    initialValues: {
      seconds: secondsFromMs(item.durationMs) ?? '',
      fitMode: item.fitMode,
      transition: item.transition,
      audioEnabled: item.audioEnabled,
      volumePercent: percentFromVolume(item.volume),
      usePlayerDefaults: item.usePlayerDefaults,
      startSeconds: secondsFromMs(item.videoStartOffsetMs) ?? '',
      endSeconds: secondsFromMs(item.videoEndOffsetMs) ?? '',
    },
    validate: {
      seconds: (v) => (!video && msFromSeconds(v) === null ? t('itemSettings.durationRequired') : null),
      startSeconds: (_, v) => trimMessage(trimOf(v).start),
      endSeconds: (_, v) => trimMessage(trimOf(v).end),
    },
  });
  const length = item.assetDurationSeconds;
  const trimOf = (v: Values) => (video ? trimProblems(msFromTrimSeconds(v.startSeconds), msFromTrimSeconds(v.endSeconds), length) : {});
  const trimMessage = (problem: TrimProblem | undefined) =>
    problem ? t(`itemSettings.${problem}`, { seconds: length === undefined ? '' : lengthText(length) }) : null;

  const submit = form.onSubmit(async (v) => {
    const body = {
      durationMs: msFromSeconds(v.seconds),
      fitMode: v.fitMode,
      transition: v.transition,
      audioEnabled: v.audioEnabled,
      volume: volumeFromPercent(v.volumePercent),
      ...(media ? { usePlayerDefaults: v.usePlayerDefaults } : {}),
      ...(video ? { videoStartOffsetMs: msFromTrimSeconds(v.startSeconds), videoEndOffsetMs: msFromTrimSeconds(v.endSeconds) } : {}),
    };
    const saved = await save.mutateAsync({ params: { path: { id: playlistId, itemId: item.id } }, body }).catch(() => undefined);
    if (!saved) return;
    await show(saved.data);
    onClose();
  });

  const videoHint =
    item.assetDurationSeconds === undefined
      ? t('itemSettings.durationVideoUnknown')
      : t('itemSettings.durationVideo', { seconds: String(Math.round(item.assetDurationSeconds)) });
  const percent = Number(form.values.volumePercent) || 0;

  return (
    <Modal opened onClose={onClose} title={t('itemSettings.title', { name: item.assetName })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {save.isError && <QueryError error={save.error} />}
          <NumberInput
            label={t('itemSettings.duration')}
            description={video ? videoHint : undefined}
            required={!video}
            min={MIN_SECONDS}
            max={MAX_SECONDS}
            decimalScale={1}
            data-autofocus
            {...form.getInputProps('seconds')}
          />
          {video && (
            <Group grow align="flex-start">
              <NumberInput
                label={t('itemSettings.trimStart')}
                description={t('itemSettings.trimStartHint')}
                min={0}
                decimalScale={3}
                {...form.getInputProps('startSeconds')}
              />
              <NumberInput
                label={t('itemSettings.trimEnd')}
                description={length === undefined ? t('itemSettings.trimEndHintUnknown') : t('itemSettings.trimEndHint', { seconds: lengthText(length) })}
                min={0}
                decimalScale={3}
                {...form.getInputProps('endSeconds')}
              />
            </Group>
          )}
          {media && (
            <Checkbox
              label={t('itemSettings.usePlayerDefaults')}
              description={t('itemSettings.usePlayerDefaultsHint')}
              {...form.getInputProps('usePlayerDefaults', { type: 'checkbox' })}
            />
          )}
          <Select
            label={t('itemSettings.fit')}
            data={FIT_MODES.map((value) => ({ value, label: t(`fit.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('fitMode')}
          />
          <Select
            label={t('itemSettings.transition')}
            data={TRANSITIONS.map((value) => ({ value, label: t(`transitions.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('transition')}
          />
          <Switch label={t('itemSettings.audio')} {...form.getInputProps('audioEnabled', { type: 'checkbox' })} />
          <NumberInput
            label={t('itemSettings.volume')}
            min={0}
            max={100}
            step={5}
            suffix=" %"
            allowDecimal={false}
            clampBehavior="strict"
            disabled={!form.values.audioEnabled}
            {...form.getInputProps('volumePercent')}
          />
          <Slider
            thumbLabel={t('itemSettings.volumeSlider')}
            min={0}
            max={100}
            step={5}
            label={(v) => t('items.percent', { value: String(v) })}
            disabled={!form.values.audioEnabled}
            value={percent}
            onChange={(v) => form.setFieldValue('volumePercent', v)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('itemSettings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
