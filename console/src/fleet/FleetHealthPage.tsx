import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function FleetHealthPage() {
  const { t } = useTranslation('fleet');
  return <PageHeader title={t('title')} />;
}
