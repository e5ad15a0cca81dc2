import { Button, Group, NumberInput, Paper, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyDone } from '../common/notify';
import { withDuration, withoutChosen } from './bulk-items';
import type { Playlist, PlaylistItem } from './types';
import { useBulkItems } from './useBulkItems';

interface Props {
  playlist: Playlist;
  items: PlaylistItem[];
  chosen: ReadonlySet<string>;
  onDone: () => void;
}

const MAX_SECONDS = 86_400;

/** What can be done to several chosen items at once: one duration for all, or removing them. */
export function ItemSelectionBar({ playlist, items, chosen, onDone }: Props) {
  const { t } = useTranslation('playlists');
  const replace = useBulkItems(playlist);
  const [seconds, setSeconds] = useState<number | string>(10);
  const [busy, setBusy] = useState(false);
  const count = chosen.size;
  const valid = typeof seconds === 'number' && Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_SECONDS;

  const run = async (manual: PlaylistItem[], done: string) => {
    setBusy(true);
    const ok = await replace(manual);
    setBusy(false);
    if (!ok) return;
    notifyDone(done);
    onDone();
  };
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('bulk.removeTitle', { count }),
      children: <Text size="sm">{t('bulk.removeBody', { count })}</Text>,
      labels: { confirm: t('bulk.remove', { count }), cancel: t('cancel', { ns: 'common' }) },
      confirmProps: { color: 'red' },
      onConfirm: () => void run(withoutChosen(items, chosen), t('bulk.removed', { count })),
    });

  return (
    <Paper withBorder p="sm" role="region" aria-label={t('bulk.region')}>
      <Group justify="space-between" align="end">
        <Text size="sm" aria-live="polite">
          {t('bulk.chosen', { count })}
        </Text>
        <Group align="end">
          <NumberInput label={t('bulk.seconds')} value={seconds} onChange={setSeconds} min={1} max={MAX_SECONDS} step={1} allowDecimal={false} w={170} />
          <Button
            variant="default"
            disabled={!valid}
            loading={busy}
            onClick={() => void run(withDuration(items, chosen, Number(seconds) * 1000), t('bulk.durationSet', { count }))}
          >
            {t('bulk.setDuration')}
          </Button>
          <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} loading={busy} onClick={confirmRemove}>
            {t('bulk.remove', { count })}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
