import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';

/** How many submissions wait for review, beside the navigation's Content review (kept current by `content_submission.changed`). */
export function ReviewCount() {
  const { t } = useTranslation('editorial');
  const count = $api.useQuery('get', '/api/v1/content-submissions', { params: { query: { state: 'in_review' } } }).data?.data.items.length ?? 0;
  if (!count) return null;
  return (
    <>
      <Badge size="sm" circle={count < 10} aria-hidden>
        {count}
      </Badge>
      <VisuallyHidden>{t('review.count', { count })}</VisuallyHidden>
    </>
  );
}
