import { useTranslation } from 'react-i18next';
import { splitSeconds } from './durations';

/** A running time as text: "45 s", "2 min 5 s", "1 h 2 min". */
export function useFormatSeconds() {
  const { t } = useTranslation('playlists');
  return (seconds: number) => {
    const { h, m, s } = splitSeconds(seconds);
    if (h > 0) return t('duration.hours', { h: String(h), m: String(m) });
    if (m > 0) return t('duration.minutes', { m: String(m), s: String(s) });
    return t('duration.seconds', { s: String(s) });
  };
}
