import { applyCommon, div } from './dom.js';

/**
 * A `progress` node: a bar filled to the value's share of `props.target` (100 unless given), with
 * the percentage (or `props.completionText` once full) unless `props.showPercent` is false. The
 * value is the node's binding's, else `props.value`.
 */
export function drawProgress(props: Record<string, unknown>, bound: number | undefined): HTMLElement {
  const value = bound ?? Number(props.value);
  const target = Number(props.target) || 100;
  const ratio = Number.isFinite(value) && target > 0 ? Math.min(1, Math.max(0, value / target)) : 0;
  const el = div('pn pn-column pn-progress');
  applyCommon(el, props);
  const track = div('pn-progress-track');
  const fill = div('pn-progress-fill');
  fill.style.width = `${ratio * 100}%`;
  track.append(fill);
  el.append(track);
  if (props.showPercent !== false) {
    const label = div('pn-text');
    const done = ratio >= 1 && typeof props.completionText === 'string' && props.completionText;
    label.textContent = done || `${Math.floor(ratio * 100)}%`;
    el.append(label);
  }
  return el;
}

/** An `icon` node: `props.glyph`, else a status icon by name (the binding's value, else `props.name`). */
export function drawIcon(props: Record<string, unknown>, bound: string | undefined): HTMLElement {
  const el = div('pn-text pn-icon');
  applyCommon(el, props);
  el.textContent = typeof props.glyph === 'string' ? props.glyph : (ICONS[bound || String(props.name ?? '')] ?? '•');
  return el;
}

/** Status icons by name, as the stock players draw them. */
const ICONS: Record<string, string> = {
  check: '✓',
  operational: '✓',
  complete: '✓',
  warning: '!',
  degraded: '!',
  error: '×',
  down: '×',
  cancelled: '×',
  clock: '◷',
  scheduled: '◷',
  location: '●',
  up: '↑',
  down_arrow: '↓',
};
