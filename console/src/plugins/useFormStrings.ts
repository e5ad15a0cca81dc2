import { englishStringTranslator, TranslatableString } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** The generated forms' buttons in the catalog's words (`plugins:formControls`); RJSF's own English for the rest. */
export function useFormStrings() {
  const { t, i18n } = useTranslation(['plugins', 'common']);
  return (text: TranslatableString, params?: string[]): string => {
    const name = Object.entries(TranslatableString).find(([, value]) => value === text)?.[0];
    const key = `plugins:formControls.${name}`;
    return name && i18n.exists(key) ? t(key as 'plugins:formControls.AddItemButton') : englishStringTranslator(text, params);
  };
}
