/** The few DOM helpers every presentation node uses. */

export function div(className: string): HTMLElement {
  const el = document.createElement('div');
  el.className = className;
  return el;
}

/** Props any node may carry: its colours and how its content sits. */
export function applyCommon(el: HTMLElement, props: Record<string, unknown>): void {
  if (typeof props.backgroundColor === 'string') el.style.backgroundColor = props.backgroundColor;
  if (typeof props.color === 'string') el.style.color = props.color;
  if (typeof props.align === 'string') el.dataset.align = props.align;
  if (typeof props.justify === 'string') el.style.justifyContent = props.justify;
}
