import { Button, Group, Stack, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import type { DataOf } from '../api/types';
import { notifyDone, notifyFailed } from '../common/notify';
import { useRefreshForms } from './useRefreshForms';

type Detail = DataOf<'/api/v1/data-sources/{id}/records/{recordId}', 'get'>;
type Move = Detail['availableTransitions'][number];

function NoteForm({ onSubmit, confirm }: { onSubmit: (note: string) => void; confirm: string }) {
  const { t } = useTranslation('forms');
  const [note, setNote] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (note.trim()) onSubmit(note.trim());
      }}
    >
      <Stack>
        <Textarea
          label={t('moves.note')}
          description={t('moves.noteHint')}
          required
          autosize
          minRows={3}
          maxLength={4000}
          data-autofocus
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!note.trim()}>
            {confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks for the note a transition needs (sending a record back says why); undefined when cancelled. */
function askNote(title: string, confirm: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const id = modals.open({
      title,
      onClose: () => resolve(undefined),
      children: (
        <NoteForm
          confirm={confirm}
          onSubmit={(note) => {
            resolve(note);
            modals.close(id);
          }}
        />
      ),
    });
  });
}

interface Props {
  formId: string;
  record: Pick<Detail, 'id' | 'version' | 'displayTitle'>;
  moves: Move[];
  /** After a move was made (the record may leave the list showing it). */
  onMoved?: (recordId: string) => void;
}

/** The workflow moves the caller may make on a record now, one click each (a note first where one is needed). */
export function TransitionButtons({ formId, record, moves, onMoved }: Props) {
  const { t } = useTranslation('forms');
  const refresh = useRefreshForms();
  const [busy, setBusy] = useState<string>();
  const name = record.displayTitle || t('records.untitled');
  const move = async (m: Move) => {
    const note = m.requiresNote ? await askNote(t('moves.noteTitle', { action: m.label, name }), m.label) : undefined;
    if (m.requiresNote && !note) return;
    setBusy(m.to);
    const { error } = await api.POST('/api/v1/data-sources/{id}/records/{recordId}/transitions', {
      params: { path: { id: formId, recordId: record.id } },
      body: { toState: m.to, version: record.version, ...(note ? { note } : {}) },
    });
    setBusy(undefined);
    if (error) notifyFailed(error);
    else {
      notifyDone(t('moves.done', { name, state: m.toLabel }));
      onMoved?.(record.id);
    }
    await refresh();
  };
  if (!moves.length) return null;
  return (
    <Group gap="xs" wrap="wrap">
      {moves.map((m, i) => (
        <Button
          key={m.to}
          size="xs"
          variant={i === 0 ? 'filled' : 'default'}
          loading={busy === m.to}
          disabled={busy !== undefined && busy !== m.to}
          aria-label={t('moves.label', { action: m.label, name })}
          onClick={() => move(m)}
        >
          {m.label}
        </Button>
      ))}
    </Group>
  );
}
