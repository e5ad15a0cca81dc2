import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the local feed server: a body with its type, or something a feed server may do. */
export type FeedAnswer = { type: string; body: string | Buffer; status?: number } | { redirect: string } | { hang: true } | { bytes: number };

/**
 * A real HTTP server on 127.0.0.1 standing in for the feeds of the world (recorded-shape fixtures):
 * tests set what each path answers and count the requests.
 */
export class FeedServer {
  readonly answers = new Map<string, FeedAnswer>();
  readonly hits = new Map<string, number>();
  private server?: Server;
  private readonly hanging = new Set<ServerResponse>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      const answer = this.answers.get(path);
      if (!answer) return void res.writeHead(404).end('not found');
      if ('redirect' in answer) return void res.writeHead(302, { location: answer.redirect }).end();
      if ('hang' in answer) return void this.hanging.add(res);
      if ('bytes' in answer) {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        for (let sent = 0; sent < answer.bytes; sent += chunk.length) res.write(chunk);
        return void res.end();
      }
      res.writeHead(answer.status ?? 200, { 'content-type': answer.type }).end(answer.body);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  /** The URL of `path` under the name data sources are allowed to reach (`localhost:<port>`). */
  url(path: string): string {
    return `http://localhost:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

export const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>Town news</title>
    <link>https://news.example.org/</link>
    <item>
      <title>Market moves to Saturday</title>
      <link>https://news.example.org/market</link>
      <guid isPermaLink="false">news-1001</guid>
      <pubDate>Tue, 24 Nov 2026 08:30:00 +0100</pubDate>
      <dc:creator>City desk</dc:creator>
      <category>Local</category>
      <description><![CDATA[<p>The weekly market moves to <b>Saturday</b> &amp; Sunday.</p>]]></description>
      <media:thumbnail url="https://news.example.org/market.jpg"/>
    </item>
    <item>
      <title>Library opens late</title>
      <link>https://news.example.org/library</link>
      <guid>news-1002</guid>
      <pubDate>Wed, 25 Nov 2026 07:00:00 GMT</pubDate>
      <description>Open until 22:00 on weekdays.</description>
    </item>
  </channel>
</rss>`;

export const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Engineering blog</title>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
  <updated>2026-11-20T18:30:02Z</updated>
  <entry>
    <title>Release 4.2</title>
    <link rel="alternate" href="https://blog.example.org/4-2"/>
    <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
    <updated>2026-11-20T18:30:02Z</updated>
    <author><name>Ana</name></author>
    <summary type="html">&lt;p&gt;Faster walls.&lt;/p&gt;</summary>
  </entry>
</feed>`;

export const JSON_API = JSON.stringify({
  data: {
    rooms: [
      { name: 'Everest', booking: { title: 'Board meeting', starts: '2026-11-25T09:00:00Z' }, seats: 12, floor: '3' },
      { name: 'K2', booking: { title: 'Design review', starts: '2026-11-25T10:30:00Z' }, seats: 6, floor: '2' },
    ],
  },
});

// A byte-order mark, quoted fields with the delimiter, a quote and a line break inside.
export const CSV = '\uFEFFdish,price,note\n"Soup, of the day",4.50,"Ask for ""extra"" bread"\nSalad,6.00,"Vegan\nand gluten free"\n';

/**
 * A calendar as Google or Outlook publish one: a weekly meeting in New York time since `weeklyFrom`
 * (a Monday, 09:00–10:00), an all-day event, and a floating-time event tomorrow (placed in the
 * source's zone).
 */
export function icsFeed(weeklyFrom: string, allDay: string, tomorrowFloating: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Example Corp//Calendar//EN',
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'BEGIN:STANDARD',
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    'UID:standup-7f3a@example.com',
    `DTSTART;TZID=America/New_York:${weeklyFrom}T090000`,
    `DTEND;TZID=America/New_York:${weeklyFrom}T100000`,
    'RRULE:FREQ=WEEKLY;BYDAY=MO',
    'SUMMARY:Team stand-up',
    'LOCATION:Room 4\\, second floor',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:holiday-19@example.com',
    `DTSTART;VALUE=DATE:${allDay}`,
    'SUMMARY:Founders’ day',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:talk-3@example.com',
    `DTSTART:${tomorrowFloating}T180000`,
    'DURATION:PT90M',
    'SUMMARY:Evening talk',
    'DESCRIPTION:<p>Doors open at 17:30.</p>',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
