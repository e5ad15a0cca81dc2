import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function MediaPage() {
  const { t } = useTranslation('media');
  return <PageHeader title={t('title')} />;
}
