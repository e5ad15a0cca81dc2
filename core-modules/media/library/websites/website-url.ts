export const MAX_URL_LENGTH = 2048;

/**
 * Why `raw` is not an acceptable website address, or undefined when it is. Players open it and
 * diagnostics fetch it, so only http(s) (file:, javascript:, data: could reach the device itself),
 * and no user:password@ (it would be shown on screens and stored in plain text).
 */
export function websiteUrlProblem(raw: string): string | undefined {
  if (raw.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.username || url.password) return 'must not contain a user name or password';
  if (!url.hostname) return 'must name a host';
  if (url.href.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters once normalized`;
  return undefined;
}

/** The parsed form the server stores and compares (lower-case host, punycode, default port dropped). */
export const normalizeUrl = (raw: string) => new URL(raw).href;
