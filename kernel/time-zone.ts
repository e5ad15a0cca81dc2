/**
 * The canonical IANA name of a time zone (`america/new_york` → `America/New_York`), or undefined
 * when it is not one. Players and PostgreSQL look zones up case-sensitively, so the canonical
 * spelling is what gets stored. UTC offsets (`+01:00`), which newer engines also accept, are not
 * IANA names.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!name || name.length > 64 || /^[+-]/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
