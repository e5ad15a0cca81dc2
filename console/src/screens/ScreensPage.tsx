import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function ScreensPage() {
  const { t } = useTranslation('screens');
  return <PageHeader title={t('title')} />;
}
