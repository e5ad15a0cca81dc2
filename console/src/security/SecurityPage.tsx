import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function SecurityPage() {
  const { t } = useTranslation('security');
  return <PageHeader title={t('title')} />;
}
