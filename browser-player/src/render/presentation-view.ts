import QRCode from 'qrcode';
import { type DataRecord, valueText } from './data-values.js';
import type { ManifestWidget, PresentationNode } from '../wire/manifest.js';
import { webWidgetSettings } from '../playback/website-settings.js';
import { mountWebsite } from './website.js';
import type { LayoutContent } from './layout-types.js';
import type { Mounted } from './mounted.js';
import { bindingSubject, bindingText, type DrawContext } from './presentation/binding.js';
import { drawChart } from './presentation/chart.js';
import { conditionHolds } from './presentation/condition.js';
import { applyCommon, div } from './presentation/dom.js';
import { sections } from './presentation/grouping.js';
import { drawIcon, drawProgress } from './presentation/indicators.js';
import { chartPictures, paintTree } from './presentation/paint.js';
import { drawPicture } from './presentation/picture.js';
import { widgetKey } from './presentation/widget-key.js';

/**
 * A widget as schema-13 players draw it: its declarative presentation (a tree of layout, content
 * and collection nodes) as DOM, or its web page in a frame. A node whose `condition` does not hold
 * is left out; node types this player does not know render nothing, so one such node never blanks
 * a layout.
 *
 * It follows new manifests while on screen (`update`): when its definition, the documents of the
 * data sources it reads or the files it names change, the tree is drawn again (its conditions
 * checked again) and replaces the old one once its pictures are decoded; otherwise nothing is
 * redrawn. A web widget whose address changed cannot follow in place.
 */
export function mountWidget(widget: ManifestWidget, content: LayoutContent): Mounted {
  const p = widget.presentation;
  if (p?.kind === 'web' && p.web?.url) {
    const page = mountWebsite(p.web.url, webWidgetSettings(widget.name, p.web));
    const url = p.web.url;
    return { ...page, update: (next) => webAddress(next, widget.assetId) === url };
  }
  const box = document.createElement('div');
  box.className = 'widget';
  let key = keyOf(widget, content);
  let drawn = drawTree(widget, content);
  box.append(...drawn.nodes);
  let charts: Map<SVGSVGElement, HTMLImageElement> | undefined;
  /** A redraw whose pictures are being decoded, out of sight. */
  let waiting: DrawnTree | undefined;
  return {
    element: box,
    ready: drawn.settled,
    draw(ctx, area) {
      paintTree(ctx, box, area, charts);
    },
    async prepare() {
      charts = await chartPictures(box);
    },
    update(next) {
      const latest = next.widgets.find((w) => w.assetId === widget.assetId);
      // Gone from the manifest: what names it is changing too, and shows what it had meanwhile.
      if (!latest) return true;
      if (latest.presentation?.kind === 'web') return false;
      const nextKey = keyOf(latest, next);
      if (nextKey === key) return true;
      key = nextKey;
      // A redraw still waiting for its pictures is overtaken: this one draws.
      waiting?.stop();
      const incoming = drawTree(latest, next);
      waiting = incoming;
      void incoming.settled.then(() => {
        if (waiting !== incoming) return;
        waiting = undefined;
        drawn.stop();
        drawn = incoming;
        box.replaceChildren(...incoming.nodes);
      });
      return true;
    },
    release() {
      waiting?.stop();
      waiting = undefined;
      drawn.stop();
      box.remove();
    },
  };
}

function keyOf(widget: ManifestWidget, content: LayoutContent): string {
  return widgetKey(widget, content.dataDocument, (assetId, variantId) => content.file(assetId, variantId)?.url);
}

function webAddress(content: LayoutContent, assetId: string): string | undefined {
  const p = content.widgets.find((w) => w.assetId === assetId)?.presentation;
  return p?.kind === 'web' ? p.web?.url : undefined;
}

/** A redraw shows without the pictures that are not decoded by then (a stalled file), rather than keep old data up. */
const PICTURES_WAIT_MS = 10_000;

interface DrawnTree {
  nodes: HTMLElement[];
  /** Once its pictures are decoded (or could not be, or took too long). */
  settled: Promise<void>;
  /** Stops its clock and its wait; its nodes are dropped with it. */
  stop(): void;
}

/** A native widget's tree, its pictures' decoding, and its clock (one timer for the whole widget, only when it shows a time). */
function drawTree(widget: ManifestWidget, content: LayoutContent): DrawnTree {
  const p = widget.presentation;
  const root = p?.kind === 'native' ? p.native?.root : undefined;
  const ctx: DrawContext = { live: [], data: content.data, file: (assetId, variantId) => content.file(assetId, variantId), loading: [] };
  const drawn = isNode(root) ? drawNode(root, ctx) : undefined;
  const refresh = () => {
    for (const update of ctx.live) update();
  };
  refresh();
  const timer = ctx.live.length ? setInterval(refresh, 1000) : undefined;
  let patience: ReturnType<typeof setTimeout> | undefined;
  const settled = ctx.loading.length
    ? Promise.race([Promise.all(ctx.loading), new Promise((resolve) => (patience = setTimeout(resolve, PICTURES_WAIT_MS)))]).then(() => clearTimeout(patience))
    : Promise.resolve();
  return {
    nodes: drawn ? [drawn] : [],
    settled,
    stop() {
      clearInterval(timer);
      clearTimeout(patience);
    },
  };
}

/** Layout nodes; `conditional` (and `grouped_sections` without records) is a column of its children. */
const CONTAINERS: Record<string, string> = {
  surface: 'column',
  box: 'column',
  column: 'column',
  conditional: 'column',
  grouped_sections: 'column',
  row: 'row',
  stack: 'stack',
  grid: 'grid',
};
/** A length in hundredths of the widget's smaller side (`--box-min`, set by its layout placement). */
const boxMin = (n: number) => `calc(var(--box-min) * ${n})`;
const ROLE_SIZES: Record<string, string> = { display: boxMin(22), title: boxMin(12), body: boxMin(8), caption: boxMin(6) };

function drawChildren(el: HTMLElement, children: unknown, ctx: DrawContext): void {
  for (const child of Array.isArray(children) ? children.filter(isNode) : []) {
    const drawn = drawNode(child, ctx);
    if (drawn) el.append(drawn);
  }
}

function drawNode(node: PresentationNode, ctx: DrawContext): HTMLElement | undefined {
  const props = node.props ?? {};
  if (node.condition && !conditionHolds(node.condition.op, bindingSubject(node.condition.binding, ctx), node.condition.value)) return undefined;
  if ((node.type === 'repeat' || node.type === 'grouped_sections') && node.repeat) return drawCollection(node, node.repeat, ctx);
  const container = CONTAINERS[node.type];
  if (container) {
    const el = div(`pn pn-${container}`);
    applyCommon(el, props);
    if (node.type === 'surface') {
      el.classList.add('pn-surface');
      if (typeof props.paddingPercent === 'number') el.style.padding = boxMin(props.paddingPercent);
      if (typeof props.textScale === 'number') el.style.fontSize = `${props.textScale}%`;
    }
    if (container === 'grid') el.style.gridTemplateColumns = `repeat(${Math.max(1, Number(props.columns) || 1)}, 1fr)`;
    if (typeof props.gap === 'number') el.style.gap = boxMin(props.gap / 10);
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
    case 'icon':
      return drawIcon(props, node.binding && bindingSubject(node.binding, ctx));
    case 'progress':
      return drawProgress(props, node.binding && Number(bindingSubject(node.binding, ctx)));
    case 'line_chart':
    case 'bar_chart':
    case 'donut_chart':
      return drawChart(node.type.slice(0, -6) as 'line', ctx.data(String(props.dataset ?? ''))?.records ?? [], props, ctx.emptyText);
    case 'asset_image':
      return drawPicture(props, node.binding && bindingSubject(node.binding, ctx), ctx);
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

/**
 * Records of a data source, each drawn by the node's children (lists, menus, tables). A
 * `grouped_sections` node puts them under a heading per value of `props.groupField` (shown in
 * `props.groupFormat`, e.g. `date-long` for an agenda by day), in the order the records come.
 */
function drawCollection(node: PresentationNode, repeat: NonNullable<PresentationNode['repeat']>, ctx: DrawContext): HTMLElement {
  const props = node.props ?? {};
  const el = div('pn pn-column pn-repeat');
  applyCommon(el, props);
  const offset = Math.max(0, repeat.offset ?? 0);
  const records = (ctx.data(repeat.dataset)?.records ?? []).slice(offset, offset + Math.max(1, repeat.limit));
  const drawRecord = (into: HTMLElement, record: DataRecord) => {
    const row = div('pn pn-column pn-record');
    if (props.dividers === true && into.lastElementChild?.classList.contains('pn-record')) row.classList.add('pn-divided');
    drawChildren(row, node.children, { ...ctx, record, index: records.indexOf(record) });
    into.append(row);
  };
  const groupField = node.type === 'grouped_sections' && typeof props.groupField === 'string' ? props.groupField : undefined;
  if (groupField === undefined) for (const record of records) drawRecord(el, record);
  else {
    const format = typeof props.groupFormat === 'string' ? props.groupFormat : undefined;
    for (const section of sections(records, (r) => valueText(r.values[groupField], format) ?? '')) {
      const box = div('pn pn-column pn-section');
      const heading = div('pn-text pn-section-heading');
      heading.textContent = section.heading;
      box.append(heading);
      for (const record of section.records) drawRecord(box, record);
      el.append(box);
    }
  }
  if (!records.length && ctx.emptyText) {
    const empty = div('pn-text');
    empty.textContent = ctx.emptyText;
    el.append(empty);
  }
  return el;
}

function isNode(value: unknown): value is PresentationNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
