import { storableText } from '../../../kernel/text.js';
/** One entry of a feed or one row of a table, as the structured providers read it. */
export interface FeedItem {
  id: string;
  title: string;
  subtitle: string;
  /** ISO 8601, or '' when the source gives none (or none that parses). */
  date: string;
  author: string;
  description: string;
  imageUrl: string;
  link: string;
  /** Mapped value fields (JSON, CSV), as text. */
  values: Record<string, string>;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Plain text for a screen: tags removed, the common entities decoded, whitespace collapsed, cut at
 * `max` characters. Feeds carry HTML in descriptions; players show text.
 */
export function plainText(value: unknown, max = 1000): string {
  if (value === undefined || value === null) return '';
  const text = String(typeof value === 'object' ? ((value as Record<string, unknown>)['#text'] ?? '') : value)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    // NUL and other controls PostgreSQL or a screen cannot use.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Unpaired surrogates (sent, or left by the cut) have no UTF-8: PostgreSQL would refuse the output.
  return storableText(text.length > max ? `${text.slice(0, max - 1)}…` : text);
}

/** An ISO 8601 instant for a date a feed writes (RFC 822, RFC 3339, ISO), or '' when it does not parse. */
export function isoDate(value: unknown): string {
  const text = plainText(value, 100);
  if (!text) return '';
  const at = Date.parse(text);
  return Number.isFinite(at) ? new Date(at).toISOString() : '';
}

/** An http(s) URL, or ''. */
export function httpUrl(value: unknown): string {
  const text = plainText(value, 2048);
  return /^https?:\/\//i.test(text) && URL.canParse(text) ? text : '';
}
