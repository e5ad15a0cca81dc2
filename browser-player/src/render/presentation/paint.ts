import { type Box, fittedRect } from '../mounted.js';

/**
 * Paints drawn DOM (a widget's tree, a layout's text) into a capture canvas as it appears on
 * screen, for the live preview: backgrounds, text in its font and colour at its place, pictures
 * with their fit, QR codes, and charts from pictures of their SVG made by `chartPictures`. Not
 * painted: borders, rounded corners, shadows, a marquee's motion (its text where it is now).
 */
export function paintTree(ctx: CanvasRenderingContext2D, root: Element, area: Box, charts?: Map<SVGSVGElement, HTMLImageElement>): void {
  const origin = root.getBoundingClientRect();
  if (!origin.width || !origin.height) return;
  const sx = area.width / origin.width;
  const sy = area.height / origin.height;
  const map = (r: DOMRect): Box => ({
    x: area.x + (r.left - origin.left) * sx,
    y: area.y + (r.top - origin.top) * sy,
    width: r.width * sx,
    height: r.height * sy,
  });
  const walk = (el: Element) => {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') return;
    // An element's opacity dims it and everything inside it, as on screen.
    const alpha = ctx.globalAlpha;
    ctx.globalAlpha = alpha * (Number(style.opacity) || 0);
    paintElement(el, style);
    ctx.globalAlpha = alpha;
  };
  const paintElement = (el: Element, style: CSSStyleDeclaration) => {
    const box = map(el.getBoundingClientRect());
    const background = style.backgroundColor;
    if (background && background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') {
      ctx.fillStyle = background;
      ctx.fillRect(box.x, box.y, box.width, box.height);
    }
    if (el instanceof HTMLImageElement) {
      if (el.naturalWidth === 0) return;
      const fit = style.objectFit === 'cover' ? 'cover' : style.objectFit === 'fill' ? 'stretch' : 'contain';
      const r = fittedRect(fit, el.naturalWidth, el.naturalHeight, box);
      ctx.drawImage(el, r.sx, r.sy, r.sw, r.sh, r.dx, r.dy, r.dw, r.dh);
      return;
    }
    if (el instanceof HTMLCanvasElement) {
      if (el.width > 0 && el.height > 0) ctx.drawImage(el, box.x, box.y, box.width, box.height);
      return;
    }
    if (el instanceof SVGSVGElement) {
      const picture = charts?.get(el);
      if (picture?.naturalWidth) ctx.drawImage(picture, box.x, box.y, box.width, box.height);
      return;
    }
    for (const child of el.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) paintText(ctx, child as Text, style, map, sy);
      else if (child instanceof Element) walk(child);
    }
  };
  walk(root);
}

/** A text node's words laid into its line boxes on screen, each line fitted to its box's width. */
function paintText(ctx: CanvasRenderingContext2D, node: Text, style: CSSStyleDeclaration, map: (r: DOMRect) => Box, scale: number): void {
  const text = node.textContent?.replace(/\s+/g, ' ').trim();
  if (!text) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  const lines = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map(map);
  if (!lines.length) return;
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${Math.max(1, Number.parseFloat(style.fontSize) * scale)}px ${style.fontFamily}`;
  ctx.fillStyle = style.color;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  // The browser's line breaks are not exposed: words fill each line box in turn, the last takes the rest.
  const words = text.split(' ');
  lines.forEach((line, i) => {
    let taken = words.length ? words.shift()! : '';
    if (i < lines.length - 1) {
      while (words.length && ctx.measureText(`${taken} ${words[0]}`).width <= line.width * 1.02) taken += ` ${words.shift()}`;
    } else if (words.length) {
      taken = [taken, ...words.splice(0)].join(' ');
    }
    ctx.fillText(taken, line.x, line.y + line.height / 2, line.width);
  });
}

/**
 * Pictures of the charts (inline SVG) under `root`, for `paintTree`: each serialized with the
 * colours and strokes it has on screen (set by player.css, which the picture would not see) and
 * loaded from a blob (the page's policy allows no `data:` images).
 */
export async function chartPictures(root: Element): Promise<Map<SVGSVGElement, HTMLImageElement>> {
  const pictures = new Map<SVGSVGElement, HTMLImageElement>();
  await Promise.all(
    [...root.querySelectorAll('svg')].map(async (svg) => {
      const { width, height } = svg.getBoundingClientRect();
      if (!width || !height) return;
      const copy = svg.cloneNode(true) as SVGSVGElement;
      copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
      copy.setAttribute('width', String(width));
      copy.setAttribute('height', String(height));
      const shapes = [svg, ...svg.querySelectorAll('*')];
      const copies = [copy, ...copy.querySelectorAll('*')];
      shapes.forEach((shape, i) => {
        const s = getComputedStyle(shape);
        for (const name of ['fill', 'stroke', 'stroke-width', 'vector-effect', 'opacity'] as const) copies[i]!.setAttribute(name, s.getPropertyValue(name));
      });
      const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' }));
      const picture = new Image();
      picture.src = url;
      try {
        await picture.decode();
        pictures.set(svg, picture);
      } catch {
        // A chart that cannot be pictured is left out of the preview.
      } finally {
        URL.revokeObjectURL(url);
      }
    }),
  );
  return pictures;
}
