import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { type FeedItem, httpUrl, isoDate, plainText } from './feed-items.js';

/** Thrown when a body is not the document its provider reads; the message is shown to users. */
export class SourceParseError extends Error {
  readonly code = 'parse_failed';
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // No entity expansion beyond XML's own: a feed cannot blow up memory with nested entities.
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => ['item', 'entry', 'link', 'category', 'enclosure', 'media:content', 'media:thumbnail'].includes(name),
});

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const stableId = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32);

function parse(xml: string): Record<string, any> {
  try {
    return parser.parse(xml, true) as Record<string, any>;
  } catch (err) {
    throw new SourceParseError(`The feed is not well-formed XML: ${(err as Error).message.split('\n')[0]}`);
  }
}

const mediaImage = (entry: Record<string, any>) =>
  httpUrl(asArray(entry['media:thumbnail'])[0]?.['@url']) ||
  httpUrl(asArray(entry['media:content']).find((m: any) => String(m?.['@type'] ?? 'image/').startsWith('image/'))?.['@url']) ||
  httpUrl(asArray(entry.enclosure).find((e: any) => String(e?.['@type'] ?? '').startsWith('image/'))?.['@url']);

/** RSS 2.0 (and 0.9x) items. */
export function parseRss(xml: string): FeedItem[] {
  const channel = parse(xml).rss?.channel;
  if (!channel) throw new SourceParseError('The document is not an RSS feed (no rss/channel element).');
  return asArray(channel.item).map((item: Record<string, any>) => {
    const link = httpUrl(asArray(item.link)[0]);
    const title = plainText(item.title, 300);
    const guid = plainText(item.guid, 500);
    return {
      id: stableId(guid || link || `${title}\n${plainText(item.pubDate)}`),
      title,
      subtitle: plainText(asArray(item.category)[0], 200),
      date: isoDate(item.pubDate ?? item['dc:date']),
      author: plainText(item.author ?? item['dc:creator'], 200),
      description: plainText(item.description ?? item['content:encoded']),
      imageUrl: mediaImage(item),
      link,
      values: {},
    };
  });
}

/** Atom 1.0 entries. */
export function parseAtom(xml: string): FeedItem[] {
  const feed = parse(xml).feed;
  if (!feed) throw new SourceParseError('The document is not an Atom feed (no feed element).');
  return asArray(feed.entry).map((entry: Record<string, any>) => {
    const links = asArray(entry.link) as Record<string, unknown>[];
    const link = httpUrl((links.find((l) => (l['@rel'] ?? 'alternate') === 'alternate') ?? links[0])?.['@href']);
    const title = plainText(entry.title, 300);
    const id = plainText(entry.id, 500);
    return {
      id: stableId(id || link || title),
      title,
      subtitle: plainText(asArray(entry.category)[0]?.['@term'], 200),
      date: isoDate(entry.updated ?? entry.published),
      author: plainText(entry.author?.name, 200),
      description: plainText(entry.summary ?? entry.content),
      imageUrl: mediaImage(entry),
      link,
      values: {},
    };
  });
}

export { stableId };
