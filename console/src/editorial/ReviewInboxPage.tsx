import { Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { $api } from '../api/client';
import { atLeast } from '../auth/roles';
import { useAuthStatus } from '../auth/useAuthStatus';
import { PageHeader } from '../common/PageHeader';
import { PageLoader } from '../common/PageLoader';
import { QueryError } from '../common/QueryError';
import { REVIEW_TABS, type ReviewTab, reviewTab } from './review-rules';
import { SubmissionCard } from './SubmissionCard';

/**
 * Content submitted for publication, by state, newest first. Kept current by the
 * `content_submission.changed` event (no polling): a reviewer sees new work arrive.
 */
export function ReviewInboxPage() {
  const { t } = useTranslation('editorial');
  const [params, setParams] = useSearchParams();
  const tab = reviewTab(params.get('state'));
  return (
    <>
      <PageHeader title={t('review.title')} />
      <Stack>
        <Text>{t('review.intro')}</Text>
        <Tabs value={tab} onChange={(v) => setParams(v === 'in_review' ? {} : { state: v ?? '' }, { replace: true })} keepMounted={false}>
          <Tabs.List aria-label={t('review.tabs')}>
            {REVIEW_TABS.map((s) => (
              <Tabs.Tab key={s} value={s}>
                {t(`review.tab.${s}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {REVIEW_TABS.map((s) => (
            <Tabs.Panel key={s} value={s} pt="md">
              <Submissions tab={s} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </>
  );
}

function Submissions({ tab }: { tab: ReviewTab }) {
  const { t } = useTranslation('editorial');
  const { status, role } = useAuthStatus();
  const list = $api.useQuery('get', '/api/v1/content-submissions', { params: { query: tab === 'all' ? {} : { state: tab } } });
  if (list.isError) return <QueryError error={list.error} />;
  if (!list.data) return <PageLoader />;
  const items = list.data.data.items;
  if (!items.length) return <Text c="dimmed">{t('review.none')}</Text>;
  const reviewer = { userId: status?.user?.id, manager: atLeast(role, 'editor'), administrator: atLeast(role, 'administrator') };
  return (
    <Stack>
      {items.map((s) => (
        <SubmissionCard key={s.id} submission={s} reviewer={reviewer} />
      ))}
    </Stack>
  );
}
