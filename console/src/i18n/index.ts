import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/**
 * The one message catalog, a namespace per area (`en/<area>.ts`). English now; another language
 * is another folder beside `en/` with the same keys, added to `resources`.
 */
export const defaultNS = 'common';
export const resources = { en } as const;

void i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(en),
  defaultNS,
  // React escapes what it renders; the catalog's values are never HTML.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };
