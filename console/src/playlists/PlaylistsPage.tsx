import { useTranslation } from 'react-i18next';
import { PageHeader } from '../common/PageHeader';

export function PlaylistsPage() {
  const { t } = useTranslation('playlists');
  return <PageHeader title={t('title')} />;
}
