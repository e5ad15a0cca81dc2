import QRCode from 'qrcode';
import { type DataLookup, type DataRecord, valueText } from './data-values.js';
import type { ManifestWidget, PresentationNode } from '../wire/manifest.js';
import { drawPlaceholder, type Mounted } from './mounted.js';
import { mountWebsite } from './website.js';

/**
 * A widget as schema-13 players draw it: its declarative presentation (a tree of layout and content
 * nodes) as DOM, or its web page in a frame. Node types this player does not draw (charts,
 * collections bound to data sources) render nothing, so one unknown node never blanks a layout.
 */
export function mountWidget(widget: ManifestWidget, data: DataLookup): Mounted {
  const p = widget.presentation;
  if (p?.kind === 'web' && p.web?.url) return mountWebsite(p.web.url);
  const box = document.createElement('div');
  box.className = 'widget';
  const live: (() => void)[] = [];
  const root = p?.kind === 'native' ? p.native?.root : undefined;
  if (isNode(root)) {
    const drawn = drawNode(root, { live, data });
    if (drawn) box.append(drawn);
  }
  const refresh = () => {
    for (const update of live) update();
  };
  refresh();
  // Clocks and dates: one timer for the whole widget, only when it shows one.
  const timer = live.length ? setInterval(refresh, 1000) : undefined;
  return {
    element: box,
    ready: Promise.resolve(),
    draw(ctx, area) {
      const background = box.firstElementChild ? getComputedStyle(box.firstElementChild).backgroundColor : '';
      if (background) {
        ctx.fillStyle = background;
        ctx.fillRect(area.x, area.y, area.width, area.height);
      }
      const text = box.textContent?.trim();
      if (text) drawPlaceholder(ctx, area, text);
    },
    release() {
      clearInterval(timer);
      box.remove();
    },
  };
}

const CONTAINERS: Record<string, string> = { surface: 'column', box: 'column', column: 'column', row: 'row', stack: 'stack', grid: 'grid' };
const ROLE_SIZES: Record<string, string> = { display: '22cqmin', title: '12cqmin', body: '8cqmin', caption: '6cqmin' };

interface DrawContext {
  /** Updates of texts that change by themselves (clocks), run every second. */
  live: (() => void)[];
  data: DataLookup;
  /** Inside a `repeat`: the record drawn and its place. */
  record?: DataRecord;
  index?: number;
  /** The surface's text for a repeat without records. */
  emptyText?: string;
}

function drawChildren(el: HTMLElement, children: unknown, ctx: DrawContext): void {
  for (const child of Array.isArray(children) ? children.filter(isNode) : []) {
    const drawn = drawNode(child, ctx);
    if (drawn) el.append(drawn);
  }
}

function drawNode(node: PresentationNode, ctx: DrawContext): HTMLElement | undefined {
  const props = node.props ?? {};
  if (node.type === 'repeat' && node.repeat) {
    // Records of a data source, each drawn by the children: lists, menus, tables.
    const el = div('pn pn-column pn-repeat');
    applyCommon(el, props);
    const offset = Math.max(0, node.repeat.offset ?? 0);
    const records = (ctx.data(node.repeat.dataset)?.records ?? []).slice(offset, offset + Math.max(1, node.repeat.limit));
    records.forEach((record, index) => {
      const row = div('pn pn-column pn-record');
      if (props.dividers === true && index > 0) row.classList.add('pn-divided');
      drawChildren(row, node.children, { ...ctx, record, index });
      el.append(row);
    });
    if (!records.length && ctx.emptyText) {
      const empty = div('pn-text');
      empty.textContent = ctx.emptyText;
      el.append(empty);
    }
    return el;
  }
  const container = CONTAINERS[node.type];
  if (container) {
    const el = div(`pn pn-${container}`);
    applyCommon(el, props);
    if (node.type === 'surface') {
      el.classList.add('pn-surface');
      if (typeof props.paddingPercent === 'number') el.style.padding = `${props.paddingPercent}cqmin`;
      if (typeof props.textScale === 'number') el.style.fontSize = `${props.textScale}%`;
    }
    if (container === 'grid') el.style.gridTemplateColumns = `repeat(${Math.max(1, Number(props.columns) || 1)}, 1fr)`;
    if (typeof props.gap === 'number') el.style.gap = `${props.gap / 10}cqmin`;
    drawChildren(el, node.children, typeof props.emptyText === 'string' ? { ...ctx, emptyText: props.emptyText } : ctx);
    return el;
  }
  switch (node.type) {
    case 'spacer':
      return div('pn-spacer');
    case 'divider':
      return div('pn-divider');
    case 'text':
    case 'badge':
    case 'marquee': {
      const el = div(`pn-${node.type}`);
      applyCommon(el, props);
      const size = ROLE_SIZES[String(props.role)];
      if (size) el.style.fontSize = size;
      const text = node.type === 'marquee' ? document.createElement('span') : el;
      if (text !== el) {
        el.append(text);
        text.style.animationDuration = `${Number(props.durationMs) || 18_000}ms`;
      }
      const value = () => bindingText(node, ctx);
      text.textContent = value() ?? '';
      if (node.binding?.source === 'environment') ctx.live.push(() => (text.textContent = value() ?? ''));
      return el;
    }
    case 'qr_code': {
      const canvas = document.createElement('canvas');
      canvas.className = 'pn-qr';
      void QRCode.toCanvas(canvas, String(props.value ?? ''), {
        errorCorrectionLevel: ({ low: 'L', medium: 'M', quartile: 'Q', high: 'H' } as const)[String(props.errorCorrection) as 'low'] ?? 'M',
        margin: 2,
        color: { dark: String(props.foreground ?? '#000000'), light: String(props.background ?? '#ffffff') },
      }).then(
        () => canvas.removeAttribute('style'),
        () => canvas.remove(),
      );
      return canvas;
    }
    default:
      return undefined;
  }
}

function isNode(value: unknown): value is PresentationNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function applyCommon(el: HTMLElement, props: Record<string, unknown>): void {
  if (typeof props.backgroundColor === 'string') el.style.backgroundColor = props.backgroundColor;
  if (typeof props.color === 'string') el.style.color = props.color;
  if (typeof props.align === 'string') el.dataset.align = props.align;
  if (typeof props.justify === 'string') el.style.justifyContent = props.justify;
}

function div(className: string): HTMLElement {
  const el = document.createElement('div');
  el.className = className;
  return el;
}

/** A node's text: literal values, data source records, and the clock, date and countdown players compute themselves. */
function bindingText(node: PresentationNode, ctx: DrawContext): string | undefined {
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

/** A whole dataset as one line (a ticker): each record's fields, records apart by the separator. */
function datasetText(records: DataRecord[], b: NonNullable<PresentationNode['binding']>): string {
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
    if (path === 'countdown' && parts[0] === 'countdown') return countdownText(parts);
  } catch {
    // An unknown time zone: the text stays empty rather than the widget failing.
  }
  return undefined;
}

/**
 * `countdown:v2:<target>:<zone>:<mode>:<recurrence>:<completion>:<units dhms>:<completion text>`,
 * a one-off target read as an instant (recurring targets are not computed by this player yet).
 */
function countdownText(parts: string[]): string | undefined {
  const target = new Date(decodeURIComponent(parts[2] ?? '')).getTime();
  if (Number.isNaN(target)) return undefined;
  const [mode, , completion, units = '1110', doneText = ''] = parts.slice(4);
  let ms = mode === 'count_up' ? Date.now() - target : target - Date.now();
  if (ms < 0) {
    if (completion === 'count_up') ms = -ms;
    else return completion === 'hide' ? '' : decodeURIComponent(doneText);
  }
  const seconds = Math.floor(ms / 1000);
  const fields: [string, number][] = [
    ['d', Math.floor(seconds / 86_400)],
    ['h', Math.floor(seconds / 3600) % 24],
    ['m', Math.floor(seconds / 60) % 60],
    ['s', seconds % 60],
  ];
  return fields
    .filter((_, i) => units[i] === '1')
    .map(([unit, n]) => `${n}${unit}`)
    .join(' ');
}
