import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function TokensPage() {
  const { t } = useTranslation('tokens');
  return <PageHeader title={t('title')} />;
}
