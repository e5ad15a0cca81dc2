import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function UsersPage() {
  const { t } = useTranslation('users');
  return <PageHeader title={t('title')} />;
}
