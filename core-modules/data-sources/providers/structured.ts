import { CloneType, type TSchema, Type } from '@sinclair/typebox';
import type { FeedItem } from './feed-items.js';
import { parseAtom, parseRss, SourceParseError } from './feeds.js';
import { completeSelection, type DateSelection, DateSelectionSchema, documentSelection, selectionProblem } from './date-selection.js';
import { type CacheState, type FieldType, FIELD_TYPES, recordsDataset } from './document.js';
import { structuredConfiguration } from './player-configurations.js';
import { type DataSourceProvider, SourceFailure } from './provider.js';
import { parseCsvRecords, parseJsonRecords } from './tables.js';
import { ownValue } from '../../../kernel/collections.js';

export const MIN_REFRESH_SECONDS = 300;
export const MAX_REFRESH_SECONDS = 86_400;
const MAX_ITEMS = 200;
const MAX_VALUE_FIELDS = 12;

/** Optional with a default: ajv fills it in, so stored configurations are complete. */
const Opt = <T extends TSchema>(t: T) => Type.Optional(t);
const Path = Type.String({ maxLength: 240 });
const ValueName = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' });
const Mapping = Type.Object({
  rootList: Type.Optional(Path),
  title: Type.Optional(Path),
  subtitle: Type.Optional(Path),
  date: Type.Optional(Path),
  author: Type.Optional(Path),
  description: Type.Optional(Path),
  imageUrl: Type.Optional(Path),
  link: Type.Optional(Path),
  valueFields: Type.Optional(Type.Record(ValueName, Path, { maxProperties: MAX_VALUE_FIELDS })),
  valueFieldTypes: Type.Optional(
    Type.Record(ValueName, Type.Union(FIELD_TYPES.map((t) => Type.Literal(t))), {
      maxProperties: MAX_VALUE_FIELDS,
      description: 'What each value field holds (text when left out): screens get it typed, and a value that does not fit is left out.',
    }),
  ),
});

const common = {
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'https (http only where `data_sources.allow_http` is on).' }),
  presentation: Opt(Type.Union([Type.Literal('list'), Type.Literal('agenda'), Type.Literal('cards'), Type.Literal('ticker')], { default: 'list' })),
  maxItems: Opt(Type.Integer({ minimum: 1, maximum: MAX_ITEMS, default: 20 })),
  sort: Opt(Type.Union([Type.Literal('newest'), Type.Literal('oldest'), Type.Literal('title'), Type.Literal('source')], { default: 'newest' })),
  filterKeyword: Opt(Type.String({ maxLength: 120, default: '' })),
  filters: Opt(
    Type.Array(
      Type.Object({
        field: Type.String({ minLength: 1, maxLength: 120 }),
        operator: Type.Union([Type.Literal('equals'), Type.Literal('contains')]),
        value: Type.String({ maxLength: 240 }),
      }),
      { maxItems: 8, default: [] },
    ),
  ),
  refreshIntervalSeconds: Opt(Type.Integer({ minimum: MIN_REFRESH_SECONDS, maximum: MAX_REFRESH_SECONDS, default: 900 })),
  stalenessLimitHours: Opt(Type.Integer({ minimum: 1, maximum: 2160, default: 168 })),
  emptyState: Opt(Type.String({ maxLength: 240, default: 'No items available' })),
  dateSelection: Opt(DateSelectionSchema),
  /** Which record fields screens show. */
  fields: Opt(
    Type.Object(
      {
        title: Type.Boolean({ default: true }),
        subtitle: Type.Boolean({ default: true }),
        date: Type.Boolean({ default: true }),
        author: Type.Boolean({ default: false }),
        description: Type.Boolean({ default: false }),
        image: Type.Boolean({ default: false }),
        link: Type.Boolean({ default: false }),
      },
      { default: {} },
    ),
  ),
};

export const FeedConfig = Type.Object(common);
export const JsonConfig = Type.Object({ ...common, mapping: Mapping });
/** An uploaded CSV file: what a fetched one may hold (2 MiB). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const CsvConfig = Type.Object({
  ...common,
  url: Type.Optional(CloneType(common.url, { description: 'https (http only where `data_sources.allow_http` is on); or send the file as uploadedContent.' })),
  uploadedContent: Type.Optional(
    Type.String({ maxLength: MAX_UPLOAD_BYTES, description: 'The CSV file itself, instead of a url (at most 2 MiB). Kept, and never shown again.' }),
  ),
  uploaded: Type.Optional(Type.Boolean({ description: 'Read-only: the source reads an uploaded file. Sent back without uploadedContent, it keeps the file.' })),
  mapping: Mapping,
  delimiter: Opt(Type.Union([Type.Literal(','), Type.Literal(';'), Type.Literal('\t'), Type.Literal('|')], { default: ',' })),
});

type Mapped = { mapping?: { [k: string]: unknown; valueFields?: Record<string, string>; valueFieldTypes?: Record<string, FieldType> } };
export type StructuredName = 'rss' | 'atom' | 'json' | 'csv';
export type Structured = {
  url?: string;
  uploadedContent?: string;
  uploaded?: boolean;
  maxItems: number;
  sort: 'newest' | 'oldest' | 'title' | 'source';
  filterKeyword: string;
  filters: { field: string; operator: 'equals' | 'contains'; value: string }[];
  refreshIntervalSeconds: number;
  stalenessLimitHours: number;
  dateSelection: DateSelection;
  delimiter?: string;
} & Mapped;

const fieldOf = (item: FeedItem, field: string) => ownValue(item.values, field) ?? String(ownValue(item as unknown as Record<string, unknown>, field) ?? '');

/** The items a screen shows: filtered, sorted, at most `maxItems`. Pure. */
export function select(items: FeedItem[], c: Structured): FeedItem[] {
  const keyword = c.filterKeyword.toLowerCase();
  const kept = items.filter(
    (item) =>
      (!keyword || `${item.title} ${item.subtitle} ${item.description}`.toLowerCase().includes(keyword)) &&
      c.filters.every((f) => {
        const value = fieldOf(item, f.field).toLowerCase();
        return f.operator === 'equals' ? value === f.value.toLowerCase() : value.includes(f.value.toLowerCase());
      }),
  );
  const byDate = (a: FeedItem, b: FeedItem) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0);
  const sorted =
    c.sort === 'source'
      ? kept
      : [...kept].sort(c.sort === 'title' ? (a, b) => a.title.localeCompare(b.title) : c.sort === 'oldest' ? byDate : (a, b) => byDate(b, a));
  return sorted.slice(0, c.maxItems);
}

const mappingProblem = (c: Mapped) => {
  const m = c.mapping ?? {};
  return ['title', 'subtitle', 'date', 'description'].some((k) => m[k]) || Object.keys(m.valueFields ?? {}).length
    ? undefined
    : 'The field mapping must name at least a title, subtitle, date, description or value field.';
};

const ACCEPT = {
  rss: 'application/rss+xml, application/xml;q=0.9',
  atom: 'application/atom+xml, application/xml;q=0.9',
  json: 'application/json',
  csv: 'text/csv, text/plain;q=0.8',
};

const PARSERS: Record<StructuredName, (body: string, c: Structured) => FeedItem[]> = {
  rss: (body) => parseRss(body),
  atom: (body) => parseAtom(body),
  json: (body, c) => parseJsonRecords(body, c.mapping ?? {}, c.dateSelection.dateFormat),
  csv: (body, c) => parseCsvRecords(body, c.mapping ?? {}, c.delimiter, c.dateSelection.dateFormat),
};

/**
 * The items a body gives a screen, at most `maxItems` (run in the parse pool, so a feed of any
 * length sends back no more than a screen shows). Throws SourceParseError for a body that is not `name`.
 */
export function readItems(name: StructuredName, body: string, c: Structured): FeedItem[] {
  return select(PARSERS[name](body, c), c);
}

const STRUCTURED_COPY: Record<StructuredName, [string, string]> = {
  rss: ['RSS', 'A public RSS feed as records.'],
  atom: ['Atom', 'A public Atom feed as records.'],
  json: ['JSON', 'Public JSON mapped into typed records.'],
  csv: ['CSV', 'A public or uploaded CSV file mapped into typed records.'],
};

function structured(name: StructuredName, configuration: TSchema): DataSourceProvider<Structured> {
  return {
    name,
    label: STRUCTURED_COPY[name][0],
    description: STRUCTURED_COPY[name][1],
    // Feeds give titles, links and dates as text; mapped JSON and CSV fields may be typed as numbers and dates.
    shape: name === 'json' || name === 'csv' ? { numeric: true, temporal: true } : {},
    configuration,
    problem: (c: Structured) => {
      const selection = selectionProblem(c.dateSelection);
      if (selection || name === 'rss' || name === 'atom') return selection;
      if (name === 'csv') {
        if (!c.url === !c.uploadedContent) return 'A CSV source reads either a url or an uploaded file (uploadedContent), one of them.';
        if (c.uploadedContent && Buffer.byteLength(c.uploadedContent) > MAX_UPLOAD_BYTES) return 'An uploaded CSV file holds at most 2 MiB.';
      }
      const untyped = Object.keys(c.mapping?.valueFieldTypes ?? {}).find((k) => !ownValue(c.mapping?.valueFields ?? {}, k));
      if (untyped) return `The value field type names ${untyped}, which is not mapped.`;
      const paths = Object.entries({ ...c.mapping, ...c.mapping?.valueFields }).flatMap(([k, p]) =>
        k !== 'valueFields' && typeof p === 'string' && p ? [p] : [],
      );
      if (name === 'json' && paths.some((p) => !p.startsWith('/'))) return 'JSON mappings are JSON Pointers: each starts with /.';
      return mappingProblem(c);
    },
    complete: ({ uploaded: _, ...c }) => ({ ...c, dateSelection: completeSelection(c.dateSelection), ...(c.uploadedContent ? { uploaded: true } : {}) }),
    shown: ({ uploadedContent: _, ...c }) => c,
    // Sent back as shown (uploaded, no file, no url): the stored file stays.
    kept: (edited, stored) =>
      edited.uploaded === true && !edited.uploadedContent && !edited.url && stored.uploadedContent
        ? { ...edited, uploadedContent: stored.uploadedContent }
        : edited,
    urls: (c) => (c.url ? [c.url] : []),
    playerConfiguration: (c, document, failing) => structuredConfiguration(c, document, failing),
    // An uploaded file changes only when edited.
    refreshSeconds: (c) => (c.uploadedContent ? undefined : c.refreshIntervalSeconds),
    async produce(c, ctx) {
      const { uploadedContent, ...rest } = c;
      const body = uploadedContent ?? (await ctx.fetchText(c.url!, ACCEPT[name]));
      let items: FeedItem[];
      try {
        items = await ctx.parse({ kind: 'items', provider: name, body, configuration: rest });
      } catch (err) {
        if (err instanceof SourceParseError) throw new SourceFailure('parse_failed', err.message);
        throw err;
      }
      const cache: CacheState = {
        cachedAt: ctx.now.toISOString(),
        staleAt: new Date(ctx.now.getTime() + c.stalenessLimitHours * 3600_000).toISOString(),
        usingCachedData: false,
        unavailable: false,
      };
      const types = c.mapping?.valueFieldTypes ?? {};
      const valueFields = Object.keys(c.mapping?.valueFields ?? {}).map((key) => ({ key, type: ownValue(types, key) ?? ('text' as const) }));
      const dataset = recordsDataset(items, valueFields, cache);
      if (!c.dateSelection.enabled) return { schemaVersion: 1, datasets: [dataset] };
      const dateSelection = documentSelection(c.dateSelection, 'date');
      return { schemaVersion: 1, datasets: [{ ...dataset, timezone: dateSelection.timezone, dateSelection }] };
    },
  };
}

export const structuredProviders = [
  structured('rss', FeedConfig),
  structured('atom', FeedConfig),
  structured('json', JsonConfig),
  structured('csv', CsvConfig),
];
