import { useTranslation } from 'react-i18next';

/** A provider's name in the catalog's words; a plugin's own provider by its id. */
export function useProviderLabel() {
  const { t, i18n } = useTranslation('dataSources');
  return (provider: string) => (i18n.exists(`dataSources:providers.${provider}`) ? t(`providers.${provider}` as 'providers.rss') : provider);
}
