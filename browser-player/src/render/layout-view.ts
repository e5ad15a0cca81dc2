import { valueText } from './data-values.js';
import type { LayoutContent, LayoutPlacement, LayoutPrimitive } from './layout-types.js';
import { mountImage, mountVideo } from './media.js';
import type { Box, Mounted } from './mounted.js';
import { mountPlaylistZone } from './playlist-zone.js';
import { mountWidget } from './presentation-view.js';

/**
 * A layout (document schema 2): its canvas scaled to fit the stage (letterboxed, never cropped),
 * each visible placement at its place, in layer order: media, playlist zones each on its own
 * clock, text and shapes, widgets. A placement that cannot be drawn is left out (or shows the
 * canvas background), never failing the layout.
 */
export function mountLayout(layoutId: string, content: LayoutContent, muted: boolean): Mounted {
  const layout = content.layouts.find((l) => l.id === layoutId);
  if (!layout) throw new Error(`layout ${layoutId} is not in the manifest`);
  const { canvas, placements } = layout.document;
  const board = document.createElement('div');
  board.className = 'layout';
  board.style.setProperty('--layout-ratio', String(canvas.width / canvas.height));
  board.style.backgroundColor = canvas.backgroundColor;

  const parts: { placement: LayoutPlacement | undefined; content: Mounted; element: HTMLElement }[] = [];
  const percent = (v: number, of: number) => `${(v / of) * 100}%`;
  const canvasPx = canvasLength(canvas.width);
  const place = (placement: LayoutPlacement | undefined, mounted: Mounted, zIndex: number) => {
    const slot = document.createElement('div');
    slot.className = 'layout-slot';
    if (placement) {
      slot.style.left = percent(placement.x, canvas.width);
      slot.style.top = percent(placement.y, canvas.height);
      slot.style.width = percent(placement.width, canvas.width);
      slot.style.height = percent(placement.height, canvas.height);
      slot.style.opacity = String(placement.opacity ?? 1);
      // What widgets inside size their text and spacing by (player.css).
      slot.style.setProperty('--box-min', canvasPx(Math.min(placement.width, placement.height) / 100));
      slot.style.setProperty('--box-height', canvasPx(placement.height / 100));
      if (placement.playback?.cornerRadius) slot.style.borderRadius = canvasPx(placement.playback.cornerRadius);
    }
    slot.style.zIndex = String(zIndex);
    slot.append(mounted.element);
    board.append(slot);
    parts.push({ placement, content: mounted, element: slot });
  };

  const background = canvas.backgroundAssetId ? content.file(canvas.backgroundAssetId, canvas.backgroundVariantId) : undefined;
  if (background?.mimeType.startsWith('image/')) place(undefined, mountImage(background.url, 'cover'), 0);

  const ordered = placements.filter((p) => p.visible).sort((a, b) => a.layer - b.layer);
  ordered.forEach((placement, i) => {
    const mounted = mountPlacement(placement, content, muted, canvas.width);
    if (mounted) place(placement, mounted, i + 1);
  });

  // A placement that fails to load is hidden; the layout shows with the rest.
  const ready = Promise.all(
    parts.map((part) =>
      part.content.ready.catch(() => {
        part.element.hidden = true;
      }),
    ),
  ).then(() => undefined);

  return {
    element: board,
    ready,
    draw(ctx, box) {
      const scale = Math.min(box.width / canvas.width, box.height / canvas.height);
      const origin = { x: box.x + (box.width - canvas.width * scale) / 2, y: box.y + (box.height - canvas.height * scale) / 2 };
      ctx.fillStyle = canvas.backgroundColor;
      ctx.fillRect(origin.x, origin.y, canvas.width * scale, canvas.height * scale);
      for (const part of parts) {
        if (part.element.hidden) continue;
        const p = part.placement;
        const area: Box = p
          ? { x: origin.x + p.x * scale, y: origin.y + p.y * scale, width: p.width * scale, height: p.height * scale }
          : { x: origin.x, y: origin.y, width: canvas.width * scale, height: canvas.height * scale };
        ctx.save();
        ctx.globalAlpha = p?.opacity ?? 1;
        ctx.beginPath();
        ctx.rect(area.x, area.y, area.width, area.height);
        ctx.clip();
        part.content.draw(ctx, area);
        ctx.restore();
      }
    },
    release() {
      for (const part of parts) part.content.release();
      parts.length = 0;
      board.remove();
    },
  };
}

function mountPlacement(p: LayoutPlacement, content: LayoutContent, muted: boolean, canvasWidth: number): Mounted | undefined {
  switch (p.type) {
    case 'asset': {
      const file = p.assetId ? content.file(p.assetId, p.variantId) : undefined;
      if (!file) return undefined;
      const fit = p.playback?.fit ?? 'contain';
      if (file.mimeType.startsWith('video/')) {
        // A layout's video loops for as long as the layout shows, silent unless the placement says otherwise.
        return mountVideo(file.url, { fitMode: fit, audioEnabled: p.playback?.muted === false && !muted, volume: 1, loop: p.playback?.loop ?? true });
      }
      return file.mimeType.startsWith('image/') ? mountImage(file.url, fit) : undefined;
    }
    case 'playlistZone': {
      const playlist = content.playlists.find((l) => l.id === p.playlistId);
      return playlist ? mountPlaylistZone(playlist.items, content, muted || p.playback?.muted !== false) : undefined;
    }
    case 'widget': {
      const widget = content.widgets.find((w) => w.assetId === p.widgetId);
      return widget ? mountWidget(widget, content.data) : undefined;
    }
    case 'primitive':
      return p.primitive ? mountPrimitive(p.primitive, canvasWidth, content) : undefined;
    default:
      return undefined;
  }
}

/** A length in canvas pixels as CSS: a fraction of the canvas's width on screen, so it scales with the layout. */
function canvasLength(canvasWidth: number): (v: number) => string {
  return (v) => `calc(var(--layout-width) * ${v / canvasWidth})`;
}

/** Text and shapes, sized in canvas pixels. */
function mountPrimitive(primitive: LayoutPrimitive, canvasWidth: number, content: LayoutContent): Mounted | undefined {
  const px = canvasLength(canvasWidth);
  const el = document.createElement('div');
  el.className = `primitive primitive-${primitive.kind}`;
  const s = el.style;
  switch (primitive.kind) {
    case 'text': {
      const b = primitive.binding;
      // Bound text: the field of the source's first record, framed by its prefix and suffix.
      const bound = b ? valueText(content.data(b.dataSourceId)?.records[0]?.values[b.field], b.format) : undefined;
      if (b && !bound && b.hideWhenEmpty) return undefined;
      el.textContent = !b ? (primitive.text ?? '') : bound ? `${b.prefix ?? ''}${bound}${b.suffix ?? ''}` : (b.fallbackText ?? '');
      if (primitive.fontSize) s.fontSize = px(primitive.fontSize);
      if (primitive.fontWeight) s.fontWeight = String(primitive.fontWeight);
      if (primitive.fontFamily) s.fontFamily = `"${primitive.fontFamily}", system-ui, sans-serif`;
      if (primitive.color) s.color = primitive.color;
      if (primitive.backgroundColor) s.backgroundColor = primitive.backgroundColor;
      if (primitive.lineHeight) s.lineHeight = String(primitive.lineHeight);
      if (primitive.letterSpacing) s.letterSpacing = px(primitive.letterSpacing);
      if (primitive.padding) s.padding = px(primitive.padding);
      if (primitive.maximumLines) s.setProperty('-webkit-line-clamp', String(primitive.maximumLines));
      s.textAlign = primitive.textAlign ?? 'left';
      el.dataset.valign = primitive.verticalAlign ?? 'top';
      break;
    }
    case 'rectangle':
    case 'circle':
      s.backgroundColor = primitive.fillColor ?? primitive.backgroundColor ?? 'transparent';
      if (primitive.strokeWidth) s.border = `${px(primitive.strokeWidth)} solid ${primitive.strokeColor ?? primitive.borderColor ?? '#000'}`;
      if (primitive.kind === 'circle') s.borderRadius = '50%';
      else if (primitive.cornerRadius) s.borderRadius = px(primitive.cornerRadius);
      break;
    case 'line':
      s.borderTop = `${px(primitive.strokeWidth ?? 2)} solid ${primitive.strokeColor ?? '#fff'}`;
      break;
    default:
      // `group` only gathers placements in the editor; unknown kinds draw nothing.
      return undefined;
  }
  return {
    element: el,
    ready: Promise.resolve(),
    draw(ctx, area) {
      const fill = getComputedStyle(el).backgroundColor;
      if (fill && fill !== 'rgba(0, 0, 0, 0)') {
        ctx.fillStyle = fill;
        ctx.fillRect(area.x, area.y, area.width, area.height);
      }
    },
    release() {
      el.remove();
    },
  };
}
