import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  return <PageHeader title={t('title')} />;
}
