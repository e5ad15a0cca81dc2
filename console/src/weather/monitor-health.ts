import { i18next } from '../i18n';

const KNOWN = ['nws_timeout', 'nws_unreachable', 'nws_invalid_response', 'nws_response_too_large', 'alert_apply_failed'] as const;

/** The monitor's last error code in words (`nws_http_503` says its status). */
export function problemInWords(code: string): string {
  const http = /^nws_http_(\d{3})$/.exec(code);
  if (http) return i18next.t('weather:errors.http', { status: http[1] });
  return (KNOWN as readonly string[]).includes(code) ? i18next.t(`weather:errors.${code as (typeof KNOWN)[number]}`) : code;
}
