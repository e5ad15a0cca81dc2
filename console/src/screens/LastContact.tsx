import { useTranslation } from 'react-i18next';
import { exactTime, fromNow } from './dates';

/** When the screen was last heard from: relative, the exact time in the title. */
export function LastContact({ at }: { at: string | undefined }) {
  const { t } = useTranslation('screens');
  if (!at) return <span>{t('never')}</span>;
  return (
    <time dateTime={at} title={exactTime(at)}>
      {fromNow(at)}
    </time>
  );
}
