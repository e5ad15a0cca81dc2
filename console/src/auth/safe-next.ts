/** Where to go after signing in: a path of this console only (never another site: `//evil`, `/\evil`). */
export function safeNext(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || raw.startsWith('/sign-in')) return '/screens';
  return raw;
}
