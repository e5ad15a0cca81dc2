import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEyeCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { errorCode } from '../api/errors';
import { notifyDone, notifyFailed } from '../common/notify';
import { SubmitDraftModal } from './SubmitDraftModal';
import type { ContentType, Submission } from './types';
import { useRefreshEditorial } from './useRefreshEditorial';

/** What a kind's publish route answered: a new published revision (201) or a submission in review (202). */
export type PublishOutcome = { published: number } | { submission: Submission };

interface Props {
  type: ContentType;
  contentId: string;
  /** Editors and above publish (the server may still send it to review, by policy). */
  canPublish: boolean;
  /** Contributors author: they submit for review instead. */
  canSubmit: boolean;
  disabled?: boolean;
  /** Saves what is unsaved and answers the draft revision to freeze; undefined when that was refused (the page says why). */
  prepare(): Promise<number | undefined>;
  /** The kind's publish route; `conflict` when the draft moved on (409 `editorial_conflict`). */
  publish(expectedDraftRevision: number): Promise<PublishOutcome | 'conflict' | undefined>;
  /** The draft moved on under the page: read it again. */
  onConflict(): Promise<void> | void;
}

/**
 * Publish (editors and above) or Submit for review (contributors) for a content item with a draft.
 * A stale draft revision tells the person and reads the draft again; a 202 says it went to review.
 */
export function PublishControls({ type, contentId, canPublish, canSubmit, disabled, prepare, publish, onConflict }: Props) {
  const { t } = useTranslation('editorial');
  const refresh = useRefreshEditorial();
  const [busy, setBusy] = useState<'publish' | 'submit'>();
  const [submitting, dialog] = useDisclosure(false);
  const [revision, setRevision] = useState<number>();

  const conflict = async () => {
    notifyFailed(undefined, t('publish.conflict'));
    await onConflict();
  };
  const doPublish = async () => {
    setBusy('publish');
    try {
      const expected = await prepare();
      if (expected === undefined) return;
      const outcome = await publish(expected);
      if (outcome === 'conflict') return void (await conflict());
      if (!outcome) return;
      if ('published' in outcome) notifyDone(t('publish.published', { revision: String(outcome.published) }));
      else notifyDone(t('publish.sentForReview', { revision: String(outcome.submission.workingRevision) }));
      await refresh();
    } finally {
      setBusy(undefined);
    }
  };
  const openSubmit = async () => {
    setBusy('submit');
    try {
      const expected = await prepare();
      if (expected === undefined) return;
      setRevision(expected);
      dialog.open();
    } finally {
      setBusy(undefined);
    }
  };
  const submit = async (requestedPublicationAt: string | undefined) => {
    const { data, error } = await api.POST('/api/v1/content-submissions/{type}/{id}', {
      params: { path: { type, id: contentId } },
      body: { expectedRevision: revision, ...(requestedPublicationAt ? { requestedPublicationAt } : {}) },
    });
    dialog.close();
    if (errorCode(error) === 'editorial_conflict') return conflict();
    if (error !== undefined || !data) return notifyFailed(error);
    const submission = data.data;
    notifyDone(t(submission.status === 'in_review' ? 'publish.submitted' : 'publish.submittedApproved', { revision: String(submission.workingRevision) }));
    await refresh();
  };

  return (
    <>
      {canPublish ? (
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={doPublish} loading={busy === 'publish'} disabled={disabled}>
          {t('publish.publish')}
        </Button>
      ) : (
        canSubmit && (
          <Button leftSection={<IconEyeCheck size={16} aria-hidden />} onClick={openSubmit} loading={busy === 'submit'} disabled={disabled}>
            {t('publish.submit')}
          </Button>
        )
      )}
      <SubmitDraftModal opened={submitting} revision={revision} onClose={dialog.close} onSubmit={submit} />
    </>
  );
}
