import { type DataRecord, numberValue, valueText } from '../data-values.js';

/**
 * `line_chart`, `bar_chart` and `donut_chart` nodes as inline SVG (no chart library, no animation).
 * Props as the server's chart widget compiles them: `dataset`, `labelField` (a category or time
 * field), `series` (`{field, label, color}`, up to four; `valueField` alone is one series),
 * `showLegend`, `showAxes`, `minimum`, `maximum`. A donut shows the first series, a slice per record.
 */
export type ChartKind = 'line' | 'bar' | 'donut';

export interface ChartSeries {
  label: string;
  color: string;
  /** One per record; undefined where the record has no number. */
  values: (number | undefined)[];
}

export interface ChartData {
  labels: string[];
  series: ChartSeries[];
  /** The value axis: the props' bounds, or zero and the data's extremes. */
  min: number;
  max: number;
}

const PALETTE = ['#4c8bf5', '#f5a524', '#34c759', '#e05fd0', '#ff5a5f'];

/** What a chart node shows of `records`; no DOM, so Node tests import it. */
export function chartData(records: DataRecord[], props: Record<string, unknown>): ChartData {
  const given = Array.isArray(props.series) ? props.series.filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null) : [];
  const fields = given.length ? given : typeof props.valueField === 'string' ? [{ field: props.valueField }] : [];
  const labelField = typeof props.labelField === 'string' ? props.labelField : '';
  const series = fields.map((s, i) => ({
    label: typeof s.label === 'string' && s.label ? s.label : String(s.field ?? ''),
    color: typeof s.color === 'string' && s.color ? s.color : PALETTE[i % PALETTE.length]!,
    values: records.map((r) => numberValue(r.values[String(s.field)])),
  }));
  const numbers = series.flatMap((s) => s.values.filter((v) => v !== undefined));
  const bound = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const min = bound(props.minimum) ?? Math.min(0, ...numbers);
  let max = bound(props.maximum) ?? Math.max(0, ...numbers);
  if (max <= min) max = min + 1;
  const labels = records.map((r) => {
    const v = r.values[labelField] as { kind?: string } | undefined;
    return valueText(v, v?.kind === 'date' || v?.kind === 'datetime' ? 'date-short' : undefined) ?? '';
  });
  return { labels, series, min, max };
}

const SVG = 'http://www.w3.org/2000/svg';

/** The chart, its value axis, category labels and legend; `emptyText` when no record holds a number. */
export function drawChart(kind: ChartKind, records: DataRecord[], props: Record<string, unknown>, emptyText?: string): HTMLElement {
  const data = chartData(records, props);
  const el = document.createElement('div');
  el.className = 'pn pn-column pn-chart';
  el.dataset.chart = kind;
  if (!data.series.some((s) => s.values.some((v) => v !== undefined))) {
    const empty = document.createElement('div');
    empty.className = 'pn-text';
    empty.textContent = emptyText ?? '';
    el.append(empty);
    return el;
  }
  const axes = props.showAxes !== false && kind !== 'donut';
  // The value axis beside the plot, the category labels under it (so they line up with the bars).
  const area = row('pn-chart-area', [kind === 'donut' ? donut(data) : kind === 'bar' ? bars(data, axes) : lines(data, axes)]);
  if (axes) area.append(row('pn-chart-labels', data.labels.map(span)));
  el.append(row('pn-chart-plot', axes ? [valueAxis(data), area] : [area]));
  if (props.showLegend !== false) {
    const keys = kind === 'donut' ? data.labels.map((label, i) => ({ label, color: PALETTE[i % PALETTE.length]! })) : data.series;
    el.append(
      row(
        'pn-chart-legend',
        keys.map((k) => legendKey(k.label, k.color)),
      ),
    );
  }
  return el;
}

/** A plot area of 100×100 units stretched over its box; strokes keep their width (CSS `vector-effect`). */
function plotSvg(axes: boolean): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('preserveAspectRatio', 'none');
  if (axes) svg.append(shape('polyline', { points: '0,0 0,100 100,100', class: 'pn-chart-axis' }));
  return svg;
}

const scaled = (data: ChartData, v: number) => 100 - ((Math.min(data.max, Math.max(data.min, v)) - data.min) / (data.max - data.min)) * 100;

function bars(data: ChartData, axes: boolean): SVGSVGElement {
  const svg = plotSvg(axes);
  const group = 100 / Math.max(1, data.labels.length);
  const width = (group * 0.8) / data.series.length;
  const base = scaled(data, 0);
  data.series.forEach((s, j) => {
    s.values.forEach((v, i) => {
      if (v === undefined) return;
      const top = scaled(data, v);
      svg.append(
        shape('rect', {
          x: String(i * group + group * 0.1 + j * width),
          y: String(Math.min(top, base)),
          width: String(width),
          height: String(Math.abs(base - top)),
          fill: s.color,
          'data-value': String(v),
        }),
      );
    });
  });
  return svg;
}

function lines(data: ChartData, axes: boolean): SVGSVGElement {
  const svg = plotSvg(axes);
  const step = data.labels.length > 1 ? 100 / (data.labels.length - 1) : 0;
  for (const s of data.series) {
    // A record without a number leaves a gap rather than a drop to zero.
    const points = s.values.map((v, i) => (v === undefined ? undefined : `${data.labels.length > 1 ? i * step : 50},${scaled(data, v)}`));
    svg.append(shape('polyline', { points: points.filter(Boolean).join(' '), stroke: s.color, class: 'pn-chart-line' }));
  }
  return svg;
}

/** Slices as dashes of a ring whose circumference is 100 units, from twelve o'clock clockwise. */
function donut(data: ChartData): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 42 42');
  const values = data.series[0]!.values.map((v) => Math.max(0, v ?? 0));
  const total = values.reduce((a, b) => a + b, 0) || 1;
  let done = 0;
  values.forEach((v, i) => {
    const share = (v / total) * 100;
    svg.append(
      shape('circle', {
        cx: '21',
        cy: '21',
        r: String(100 / (2 * Math.PI)),
        fill: 'none',
        stroke: PALETTE[i % PALETTE.length]!,
        'stroke-width': '6',
        'stroke-dasharray': `${share} ${100 - share}`,
        'stroke-dashoffset': String(25 - done),
        'data-value': String(v),
      }),
    );
    done += share;
  });
  return svg;
}

function valueAxis(data: ChartData): HTMLElement {
  const fmt = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
  const axis = document.createElement('div');
  axis.className = 'pn-chart-scale';
  axis.append(span(fmt.format(data.max)), span(fmt.format(data.min)));
  return axis;
}

function legendKey(label: string, color: string): HTMLElement {
  const key = span(label);
  const swatch = span('');
  swatch.className = 'pn-chart-swatch';
  swatch.style.backgroundColor = color;
  key.prepend(swatch);
  return key;
}

function shape(name: string, attributes: Record<string, string>): SVGElement {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  return el;
}

function row(className: string, children: Element[]): HTMLElement {
  const el = document.createElement('div');
  el.className = className;
  el.append(...children);
  return el;
}

function span(text: string): HTMLElement {
  const el = document.createElement('span');
  el.textContent = text;
  return el;
}
