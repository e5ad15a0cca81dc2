import { type DataLookup, type DataRecord, plainValue, valueText } from '../data-values.js';
import type { PresentationBinding, PresentationNode } from '../../wire/manifest.js';
import { countdownText, parseCountdown } from './countdown.js';

/** What a node is drawn with: the data sources, and inside a collection the record drawn and its place. */
export interface DrawContext {
  /** Updates of texts that change by themselves (clocks, countdowns), run every second. */
  live: (() => void)[];
  data: DataLookup;
  /** A file of the manifest, where it is loaded from (`asset_image`). */
  file(assetId: string, variantId?: string): { url: string; mimeType: string } | undefined;
  /** Settle once the pictures drawn so far are decoded: a redrawn widget replaces the old one then. */
  loading: Promise<unknown>[];
  record?: DataRecord;
  index?: number;
  /** The surface's text for a collection without records. */
  emptyText?: string;
}

/** A node's text: literal values, data source records, and the clock, date and countdown players compute themselves. */
export function bindingText(node: PresentationNode, ctx: DrawContext): string | undefined {
  const b = node.binding;
  if (!b) return typeof node.props?.text === 'string' ? node.props.text : undefined;
  let value: string | undefined;
  if (b.source === 'literal') value = b.value;
  else if (b.source === 'environment') value = environmentText(b.path, b.format ?? '');
  else if (b.source === 'repeat_index') value = ctx.index === undefined ? undefined : String(ctx.index + 1);
  else if (b.source === 'repeat') value = b.path ? valueText(ctx.record?.values[b.path], b.format, b.precision) : undefined;
  else if (b.source === 'dataset' && b.dataset) value = datasetText(ctx.data(b.dataset)?.records ?? [], b);
  if (value === undefined || value === '') return b.fallback;
  return `${b.prefix ?? ''}${value}${b.suffix ?? ''}`;
}

/**
 * A binding's plain value, as a condition compares it: a record's field unformatted (a dataset's
 * first record), the literal, the place in the collection, or the environment's text. No prefix,
 * suffix or fallback: `empty` must see an empty field as empty.
 */
export function bindingSubject(b: PresentationBinding, ctx: DrawContext): string {
  if (b.source === 'literal') return b.value ?? '';
  if (b.source === 'repeat_index') return ctx.index === undefined ? '' : String(ctx.index + 1);
  if (b.source === 'repeat') return b.path ? plainValue(ctx.record?.values[b.path]) : '';
  if (b.source === 'dataset' && b.dataset && b.path) return plainValue(ctx.data(b.dataset)?.records[0]?.values[b.path]);
  if (b.source === 'environment') return environmentText(b.path, b.format ?? '') ?? '';
  return '';
}

/** A whole dataset as one line (a ticker): each record's fields, records apart by the separator. */
function datasetText(records: DataRecord[], b: PresentationBinding): string {
  const fields = b.fields?.length ? b.fields : b.path ? [b.path] : [];
  return records
    .map((r) =>
      fields
        .map((f) => valueText(r.values[f], b.format, b.precision))
        .filter(Boolean)
        .join(' — '),
    )
    .filter(Boolean)
    .join(b.separator ?? ' • ');
}

function environmentText(path: string | undefined, format: string): string | undefined {
  const parts = format.split(':');
  const zone = (z: string | undefined) => (z && z !== 'undefined' && z !== 'null' ? decodeURIComponent(z) : undefined);
  try {
    if (path === 'currentTime' && parts[0] === 'time') {
      return new Intl.DateTimeFormat(undefined, {
        hour: 'numeric',
        minute: '2-digit',
        ...(parts[2] === 'true' ? { second: '2-digit' } : {}),
        hour12: parts[1] === '12',
        timeZone: zone(parts[3]),
      }).format(new Date());
    }
    if (path === 'date' && parts[0] === 'date') {
      const style = ['full', 'long', 'medium', 'short'].includes(parts[1] ?? '') ? (parts[1] as 'full') : 'full';
      return new Intl.DateTimeFormat(undefined, { dateStyle: style, timeZone: zone(parts[2]) }).format(new Date());
    }
    if (path === 'countdown') {
      const countdown = parseCountdown(format);
      return countdown && countdownText(countdown, Date.now());
    }
  } catch {
    // An unknown time zone: the text stays empty rather than the widget failing.
  }
  return undefined;
}
