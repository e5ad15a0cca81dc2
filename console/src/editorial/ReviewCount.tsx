import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { NavCount } from '../common/NavCount';

/** How many submissions wait for review, beside the navigation's Content review (kept current by `content_submission.changed`). */
export function ReviewCount() {
  const { t } = useTranslation('editorial');
  const count = $api.useQuery('get', '/api/v1/content-submissions', { params: { query: { state: 'in_review' } } }).data?.data.items.length ?? 0;
  return <NavCount count={count} label={t('review.count', { count })} />;
}
