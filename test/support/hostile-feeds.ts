const BYTES = 2 * 1024 * 1024 - 256;

/**
 * A 2 MiB RSS feed (the most a source may answer) made of character references: cheap to send,
 * costly to read. `items` spreads them over items of 200 references each, as a busy feed would;
 * `one` puts them all in one description, which also needs about 100 MiB to parse.
 */
export function referenceFeed(shape: 'items' | 'one', reference = '&#x41;'): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>References</title>';
  const tail = '</channel></rss>';
  if (shape === 'one') {
    const item = (text: string) => `<item><title>One</title><guid>one</guid><description>${text}</description></item>`;
    return head + item(reference.repeat(Math.floor((BYTES - head.length - tail.length - item('').length) / reference.length))) + tail;
  }
  const parts = [head];
  let length = head.length + tail.length;
  for (let i = 0; ; i++) {
    const item = `<item><title>Item ${i}</title><guid>item-${i}</guid><description>${reference.repeat(200)}</description></item>`;
    if (length + item.length > BYTES) break;
    parts.push(item);
    length += item.length;
  }
  return parts.join('') + tail;
}

/** An RSS source's configuration with the defaults the server stores, for parsing a feed directly. */
export const RSS_DEFAULTS = {
  maxItems: 20,
  sort: 'newest' as const,
  filterKeyword: '',
  filters: [],
  refreshIntervalSeconds: 900,
  stalenessLimitHours: 168,
  dateSelection: { enabled: false },
};
