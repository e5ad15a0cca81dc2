import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  revision: number | undefined;
  onClose(): void;
  /** Sends the frozen draft, with the moment asked for (ISO) when one was chosen. */
  onSubmit(requestedPublicationAt: string | undefined): Promise<void>;
}

/** Asks for the optional publication time before a draft is frozen and sent for review. */
export function SubmitDraftModal({ opened, revision, onClose, onSubmit }: Props) {
  const { t } = useTranslation('editorial');
  const [when, setWhen] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (when && !dayjs(when).isAfter(dayjs())) return setError(t('publish.whenPast'));
    setBusy(true);
    try {
      await onSubmit(when ? dayjs(when).toISOString() : undefined);
      setWhen(null);
    } finally {
      setBusy(false);
    }
  };
  // A refusal belongs to the attempt it answered: reopened, the dialog starts clean.
  const close = () => {
    setError(undefined);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('publish.dialogTitle')}>
      <Stack>
        <Text size="sm">{t('publish.dialogIntro', { revision: String(revision ?? '') })}</Text>
        <DateTimePicker
          label={t('publish.when')}
          description={t('publish.whenHelp')}
          valueFormat="YYYY-MM-DD HH:mm"
          clearable
          minDate={new Date()}
          value={when}
          error={error}
          onChange={(v) => {
            setWhen(v);
            setError(undefined);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button onClick={send} loading={busy} data-autofocus>
            {t('publish.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
