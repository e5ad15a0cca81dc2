import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function LocationsPage() {
  const { t } = useTranslation('locations');
  return <PageHeader title={t('title')} />;
}
