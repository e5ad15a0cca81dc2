// A refresh's failure code in words a person understands: the catalog key (dataSources:diagnostics.codes.*)
// and its values. No React.

const KNOWN = new Set([
  'timeout',
  'dns_failed',
  'connection_refused',
  'connection_failed',
  'tls_error',
  'too_many_redirects',
  'redirect_invalid',
  'redirect_refused',
  'address_not_allowed',
  'too_large',
  'parse_failed',
  'internal_error',
  'http_401',
  'http_403',
  'http_404',
  'http_410',
  'http_429',
]);

/** Which sentence says what `code` means: its own, one for its class of HTTP status, or a general one naming it. */
export function failureWords(code: string): { key: string; values: Record<string, string | number> } {
  if (KNOWN.has(code)) return { key: code, values: {} };
  const status = /^http_(\d{3})$/.exec(code)?.[1];
  if (status) {
    const kind = status.startsWith('4') ? 'http_4xx' : status.startsWith('5') ? 'http_5xx' : 'http_other';
    return { key: kind, values: { status: Number(status) } };
  }
  return { key: 'unknown', values: { code } };
}
