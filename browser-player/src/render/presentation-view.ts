import QRCode from 'qrcode';
import { type DataLookup, type DataRecord, valueText } from './data-values.js';
import type { ManifestWidget, PresentationNode } from '../wire/manifest.js';
import { drawPlaceholder, type Mounted } from './mounted.js';
import { bindingSubject, bindingText, type DrawContext } from './presentation/binding.js';
import { drawChart } from './presentation/chart.js';
import { conditionHolds } from './presentation/condition.js';
import { applyCommon, div } from './presentation/dom.js';
import { sections } from './presentation/grouping.js';
import { drawIcon, drawProgress } from './presentation/indicators.js';
import { mountWebsite } from './website.js';

/**
 * A widget as schema-13 players draw it: its declarative presentation (a tree of layout, content
 * and collection nodes) as DOM, or its web page in a frame. A node whose `condition` does not hold
 * is left out. `asset_image` (it needs the manifest's files) and node types this player does not
 * know render nothing, so one such node never blanks a layout.
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
