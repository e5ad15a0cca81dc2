import type { OutsideHoursScreen } from '../seams.js';

/**
 * The screen outside active hours: text centred on black, or the logo (its text when there is no
 * logo file) drifting across black so no pixel stays lit for hours. The drift is a CSS animation
 * (player.css): no timer to clear, it ends with the element.
 */
export function renderOutsideHours(screen: Exclude<OutsideHoursScreen, { display: 'black' }>): HTMLElement {
  const root = document.createElement('div');
  root.className = 'stage-outside-hours';
  root.dataset.display = screen.display;
  if (screen.display === 'custom_text') {
    root.append(textOf(screen.text, screen.color, 'stage-outside-hours-text'));
    return root;
  }
  // Two movers at different periods: one across, one down, so the path covers the whole screen.
  const across = document.createElement('div');
  across.className = 'stage-bounce-x';
  const down = document.createElement('div');
  down.className = 'stage-bounce-y';
  let mark: HTMLElement;
  if (screen.logoSrc) {
    const img = document.createElement('img');
    img.src = screen.logoSrc;
    img.alt = '';
    mark = img;
  } else {
    mark = textOf(screen.text, screen.color, '');
  }
  mark.classList.add('stage-bounce-mark');
  down.append(mark);
  across.append(down);
  root.append(across);
  return root;
}

function textOf(text: string, color: string, className: string): HTMLElement {
  const node = document.createElement('p');
  if (className) node.className = className;
  node.textContent = text;
  node.style.color = color;
  return node;
}
