import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { modals } from '@mantine/modals';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewAction } from './review-rules';
import type { Submission } from './types';
import { useReviewMoves } from './useReviewMoves';

type Dialog = 'approve' | 'requestChanges' | 'schedule';

/** The moves the reviewer may make on one submission, each asking what it needs (a note, a time) first. */
export function ReviewActions({ submission, actions }: { submission: Submission; actions: ReviewAction[] }) {
  const { t } = useTranslation('editorial');
  const move = useReviewMoves();
  const [dialog, setDialog] = useState<Dialog>();
  const [busy, setBusy] = useState(false);
  const name = submission.contentName ?? submission.contentId;
  const revision = String(submission.workingRevision);

  const run = async (m: Parameters<typeof move>[1]) => {
    setBusy(true);
    try {
      if (await move(submission, m)) setDialog(undefined);
    } finally {
      setBusy(false);
    }
  };
  const confirmPublish = () =>
    modals.openConfirmModal({
      title: t('review.publishTitle', { name }),
      children: <Text size="sm">{t('review.publishBody', { revision })}</Text>,
      labels: { confirm: t('review.publish'), cancel: t('cancel', { ns: 'common' }) },
      onConfirm: () => void run({ action: 'publish' }),
    });
  const buttons: Record<ReviewAction, { label: string; aria: string; onClick(): void; variant?: string }> = {
    approve: { label: t('review.approve'), aria: t('review.approveLabel', { name }), onClick: () => setDialog('approve') },
    requestChanges: {
      label: t('review.requestChanges'),
      aria: t('review.requestChangesLabel', { name }),
      onClick: () => setDialog('requestChanges'),
      variant: 'default',
    },
    publish: { label: t('review.publish'), aria: t('review.publishLabel', { name }), onClick: confirmPublish },
    schedule: { label: t('review.schedule'), aria: t('review.scheduleLabel', { name }), onClick: () => setDialog('schedule'), variant: 'default' },
    cancelSchedule: {
      label: t('review.cancelSchedule'),
      aria: t('review.cancelScheduleLabel', { name }),
      onClick: () => void run({ action: 'cancelSchedule' }),
      variant: 'default',
    },
  };

  return (
    <>
      <Group gap="xs" role="group" aria-label={t('review.actions', { name })}>
        {actions.map((a) => (
          <Button
            key={a}
            size="xs"
            variant={buttons[a].variant ?? 'filled'}
            aria-label={buttons[a].aria}
            onClick={buttons[a].onClick}
            loading={busy && dialog === undefined}
          >
            {buttons[a].label}
          </Button>
        ))}
      </Group>
      <NoteDialog
        opened={dialog === 'approve'}
        title={t('review.approveTitle', { name })}
        intro={t('review.approveIntro', { revision })}
        label={t('review.approveNote')}
        confirm={t('review.approve')}
        busy={busy}
        onClose={() => setDialog(undefined)}
        onConfirm={(note) => run({ action: 'approve', ...(note ? { note } : {}) })}
      />
      <NoteDialog
        opened={dialog === 'requestChanges'}
        title={t('review.changesTitle', { name })}
        intro={t('review.changesIntro')}
        label={t('review.changesNote')}
        description={t('review.changesNoteHelp')}
        requiredMessage={t('review.changesNoteRequired')}
        confirm={t('review.send')}
        busy={busy}
        onClose={() => setDialog(undefined)}
        onConfirm={(note) => run({ action: 'requestChanges', note })}
      />
      <ScheduleDialog
        opened={dialog === 'schedule'}
        title={t('review.scheduleTitle', { name })}
        busy={busy}
        initial={submission.requestedPublicationAt}
        onClose={() => setDialog(undefined)}
        onConfirm={(at) => run({ action: 'schedule', at })}
      />
    </>
  );
}

interface NoteProps {
  opened: boolean;
  title: string;
  intro: string;
  label: string;
  description?: string;
  /** Given when the note is required: what to say when it is blank. */
  requiredMessage?: string;
  confirm: string;
  busy: boolean;
  onClose(): void;
  onConfirm(note: string): void;
}

function NoteDialog({ opened, title, intro, label, description, requiredMessage, confirm, busy, onClose, onConfirm }: NoteProps) {
  const { t } = useTranslation('editorial');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    setNote('');
    setError(undefined);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (requiredMessage && !note.trim()) return setError(requiredMessage);
          onConfirm(note.trim());
          setNote('');
        }}
      >
        <Stack>
          <Text size="sm">{intro}</Text>
          <Textarea
            label={label}
            description={description}
            // Said, not enforced by the browser: the dialog's own message explains what is missing.
            withAsterisk={requiredMessage !== undefined}
            aria-required={requiredMessage !== undefined}
            autosize
            minRows={3}
            maxLength={4000}
            value={note}
            error={error}
            data-autofocus
            onChange={(e) => {
              setNote(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={busy}>
              {confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ScheduleDialog(props: { opened: boolean; title: string; busy: boolean; initial?: string; onClose(): void; onConfirm(at: string): void }) {
  const { t } = useTranslation('editorial');
  const [when, setWhen] = useState<string | null>(props.initial ? dayjs(props.initial).format('YYYY-MM-DD HH:mm:ss') : null);
  const [error, setError] = useState<string>();
  // A refusal belongs to the attempt it answered: reopened, the dialog starts clean.
  const close = () => {
    setError(undefined);
    props.onClose();
  };
  return (
    <Modal opened={props.opened} onClose={close} title={props.title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!when) return setError(t('review.scheduleRequired'));
          if (!dayjs(when).isAfter(dayjs())) return setError(t('publish.whenPast'));
          props.onConfirm(dayjs(when).toISOString());
        }}
      >
        <Stack>
          <DateTimePicker
            label={t('review.scheduleWhen')}
            required
            valueFormat="YYYY-MM-DD HH:mm"
            minDate={new Date()}
            value={when}
            error={error}
            data-autofocus
            onChange={(v) => {
              setWhen(v);
              setError(undefined);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={props.busy}>
              {t('review.scheduleConfirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
