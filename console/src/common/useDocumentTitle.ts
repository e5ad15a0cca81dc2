import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The browser tab names the page and the console. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('appName')}`;
  }, [title, t]);
}
