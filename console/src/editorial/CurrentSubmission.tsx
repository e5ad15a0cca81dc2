import { Alert, Anchor, Blockquote, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { $api } from '../api/client';
import { exactTime, fromNow } from '../screens/dates';
import { OPEN_STATES } from './review-rules';

const COLORS: Record<string, string> = { in_review: 'blue', changes_requested: 'yellow', approved: 'green', scheduled: 'green', publication_failed: 'red' };

/**
 * Where the content's latest submission stands, on its own page: in review, sent back with the
 * reviewer's note (so its author knows what to change), approved, scheduled or failed.
 */
export function CurrentSubmission({ contentId }: { contentId: string }) {
  const { t } = useTranslation('editorial');
  const list = $api.useQuery('get', '/api/v1/content-submissions', { params: { query: { contentId } } });
  // Newest first: the content's latest submission says where it stands now.
  const latest = list.data?.data.items.find((s) => s.contentId === contentId);
  if (!latest || !OPEN_STATES.includes(latest.status)) return null;
  const revision = String(latest.workingRevision);
  const at = latest.requestedPublicationAt ?? latest.submittedAt;
  const words: Record<string, string> = {
    in_review: t('current.in_review', { revision, at: fromNow(latest.submittedAt) }),
    changes_requested: t('current.changes_requested', { revision, reviewer: latest.reviewerName ?? t('current.someone') }),
    approved: t('current.approved', { revision }),
    scheduled: t('current.scheduled', { revision, at: exactTime(at) }),
    publication_failed: t('current.publication_failed', { revision, reason: latest.publicationFailureReason ?? '' }),
  };
  return (
    <Alert color={COLORS[latest.status]} title={t(`states.${latest.status}`)} role="status">
      <Stack gap="xs">
        <Text size="sm">{words[latest.status]}</Text>
        {latest.status === 'changes_requested' && latest.reviewNote && <Blockquote p="xs">{latest.reviewNote}</Blockquote>}
        <Anchor component={Link} to={`/review?state=all#submission-${latest.id}`} size="sm" c="inherit" fw={600} underline="always">
          {t('publish.seeReview')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
