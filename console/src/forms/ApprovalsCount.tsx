import { useTranslation } from 'react-i18next';
import { $api } from '../api/client';
import { NavCount } from '../common/NavCount';

/** How many records wait on the signed-in person, beside the navigation's Approvals (kept current by `resource.changed` and `data_source.changed`). */
export function ApprovalsCount() {
  const { t } = useTranslation('forms');
  const count = $api.useQuery('get', '/api/v1/approvals', { params: { query: { page: 1, pageSize: 1 } } }).data?.data.total ?? 0;
  return <NavCount count={count} label={t('approvals.count', { count })} />;
}
