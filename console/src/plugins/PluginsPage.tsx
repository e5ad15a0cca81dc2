import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function PluginsPage() {
  const { t } = useTranslation('plugins');
  return <PageHeader title={t('title')} />;
}
