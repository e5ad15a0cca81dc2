import { valueText } from './data-values.js';
import type { ManifestLayout } from '../wire/manifest.js';
import type { LayoutContent, LayoutPlacement, LayoutPrimitive } from './layout-types.js';
import { mountImage, mountVideo } from './media.js';
import type { Box, Mounted } from './mounted.js';
import { mountPlaylistZone } from './playlist-zone.js';
import { mountWidget } from './presentation-view.js';
import { paintTree } from './presentation/paint.js';

/**
 * A layout (document schema 2): its canvas scaled to fit the stage (letterboxed, never cropped),
 * each visible placement at its place, in layer order: media, playlist zones each on its own
 * clock, text and shapes, widgets. A placement that cannot be drawn is left out (or shows the
 * canvas background), never failing the layout.
 *
 * It follows new manifests while on screen (`update`): widgets draw new data in place, and a
 * placement whose own definition or content changed (a new revision of the layout, a new file, a
 * zone's new playlist, text bound to new data) is drawn again in its place and swapped in once
 * ready; the rest (playlist zones above all) plays on untouched.
 */
export function mountLayout(layoutId: string, content: LayoutContent, muted: boolean): Mounted {
  const found = content.layouts.find((l) => l.id === layoutId);
  if (!found) throw new Error(`layout ${layoutId} is not in the manifest`);
  let layout = found;
  const board = document.createElement('div');
  board.className = 'layout';
  const styleBoard = () => {
    const { canvas } = layout.document;
    board.style.setProperty('--layout-ratio', String(canvas.width / canvas.height));
    board.style.backgroundColor = canvas.backgroundColor;
  };
  styleBoard();
  let parts = new Map<string, Part>();
  /** Parts drawn again whose successor is not ready yet. */
  const outgoing = new Set<Part>();
  const retire = (part: Part) => {
    outgoing.delete(part);
    part.release();
  };
  for (const wanted of partsOf(layout, content)) {
    const part = mountPart(wanted, layout, content, muted);
    if (part) {
      board.append(part.element);
      parts.set(wanted.id, part);
    }
  }

  // A placement that fails to load is hidden; the layout shows with the rest.
  const ready = Promise.all(
    [...parts.values()].map((part) =>
      part.content.ready.catch(() => {
        part.element.hidden = true;
      }),
    ),
  ).then(() => undefined);

  return {
    element: board,
    ready,
    draw(ctx, box) {
      const { canvas } = layout.document;
      const scale = Math.min(box.width / canvas.width, box.height / canvas.height);
      const origin = { x: box.x + (box.width - canvas.width * scale) / 2, y: box.y + (box.height - canvas.height * scale) / 2 };
      ctx.fillStyle = canvas.backgroundColor;
      ctx.fillRect(origin.x, origin.y, canvas.width * scale, canvas.height * scale);
      for (const part of [...parts.values()].sort((a, b) => a.zIndex - b.zIndex)) {
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
    async prepare() {
      await Promise.all([...parts.values()].map((part) => part.content.prepare?.()));
    },
    update(next) {
      // A layout that left the manifest stays as it was: playback is moving on from it.
      const latest = next.layouts.find((l) => l.id === layoutId);
      if (!latest) return true;
      layout = latest;
      styleBoard();
      const kept = new Map<string, Part>();
      for (const wanted of partsOf(latest, next)) {
        const part = parts.get(wanted.id);
        parts.delete(wanted.id);
        if (part && part.key === wanted.key && part.content.update?.(next) !== false) {
          kept.set(wanted.id, part);
          continue;
        }
        const fresh = mountPart(wanted, latest, next, muted);
        if (fresh) kept.set(wanted.id, fresh);
        if (!part) {
          if (fresh) board.append(fresh.element);
          continue;
        }
        if (!fresh) {
          part.release();
          continue;
        }
        // Drawn again out of sight, over the old one, which goes once the new one is ready (or could not be).
        fresh.element.style.visibility = 'hidden';
        part.element.after(fresh.element);
        outgoing.add(part);
        fresh.content.ready.then(
          () => {
            fresh.element.style.visibility = '';
            retire(part);
          },
          () => {
            fresh.element.hidden = true;
            retire(part);
          },
        );
      }
      // Placements that are no longer there (or no longer visible).
      for (const gone of parts.values()) gone.release();
      parts = kept;
      return true;
    },
    release() {
      for (const part of [...parts.values(), ...outgoing]) part.release();
      parts.clear();
      outgoing.clear();
      board.remove();
    },
  };
}

/** One placement on screen (or the canvas's background picture, which has none). */
interface Part {
  /** What it was drawn from: the same key draws the same. */
  key: string;
  placement: LayoutPlacement | undefined;
  zIndex: number;
  content: Mounted;
  element: HTMLElement;
  release(): void;
}

interface WantedPart {
  id: string;
  key: string;
  placement: LayoutPlacement | undefined;
  zIndex: number;
}

/**
 * The parts a layout draws, each with a key of what it is drawn from: its placement, the canvas
 * and its layer, and the content of the manifest it shows. Widgets follow their own data
 * (`update`), so only their presence counts here.
 */
function partsOf(layout: ManifestLayout, content: LayoutContent): WantedPart[] {
  const { canvas, placements } = layout.document;
  const frame = [canvas.width, canvas.height];
  const wanted: WantedPart[] = [];
  if (canvas.backgroundAssetId) {
    const file = content.file(canvas.backgroundAssetId, canvas.backgroundVariantId);
    wanted.push({ id: '', key: JSON.stringify([frame, file ?? null]), placement: undefined, zIndex: 0 });
  }
  const ordered = placements.filter((p) => p.visible).sort((a, b) => a.layer - b.layer);
  ordered.forEach((placement, i) => {
    const zIndex = i + 1;
    wanted.push({ id: placement.id, key: JSON.stringify([placement, frame, zIndex, dependency(placement, content) ?? null]), placement, zIndex });
  });
  return wanted;
}

/** What of the manifest a placement shows, besides its own definition. */
function dependency(p: LayoutPlacement, content: LayoutContent): unknown {
  switch (p.type) {
    case 'asset':
      return p.assetId ? content.file(p.assetId, p.variantId) : undefined;
    case 'playlistZone':
      return content.playlists.find((l) => l.id === p.playlistId);
    case 'widget':
      return content.widgets.some((w) => w.assetId === p.widgetId);
    case 'primitive':
      return p.primitive?.binding ? content.dataDocument(p.primitive.binding.dataSourceId) : undefined;
    default:
      return undefined;
  }
}

function mountPart(wanted: WantedPart, layout: ManifestLayout, content: LayoutContent, muted: boolean): Part | undefined {
  const { canvas } = layout.document;
  const placement = wanted.placement;
  let mounted: Mounted | undefined;
  if (placement) mounted = mountPlacement(placement, content, muted, canvas.width);
  else {
    const background = canvas.backgroundAssetId ? content.file(canvas.backgroundAssetId, canvas.backgroundVariantId) : undefined;
    if (background?.mimeType.startsWith('image/')) mounted = mountImage(background.url, 'cover');
  }
  if (!mounted) return undefined;
  const percent = (v: number, of: number) => `${(v / of) * 100}%`;
  const slot = document.createElement('div');
  slot.className = 'layout-slot';
  if (placement) {
    slot.style.left = percent(placement.x, canvas.width);
    slot.style.top = percent(placement.y, canvas.height);
    slot.style.width = percent(placement.width, canvas.width);
    slot.style.height = percent(placement.height, canvas.height);
    slot.style.opacity = String(placement.opacity ?? 1);
    const canvasPx = canvasLength(canvas.width);
    // What widgets inside size their text and spacing by (player.css).
    slot.style.setProperty('--box-min', canvasPx(Math.min(placement.width, placement.height) / 100));
    slot.style.setProperty('--box-height', canvasPx(placement.height / 100));
    if (placement.playback?.cornerRadius) slot.style.borderRadius = canvasPx(placement.playback.cornerRadius);
  }
  slot.style.zIndex = String(wanted.zIndex);
  slot.append(mounted.element);
  const shown = mounted;
  let released = false;
  return {
    key: wanted.key,
    placement,
    zIndex: wanted.zIndex,
    content: shown,
    element: slot,
    release() {
      if (released) return;
      released = true;
      shown.release();
      slot.remove();
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
      return widget ? mountWidget(widget, content) : undefined;
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
      paintTree(ctx, el, area);
    },
    release() {
      el.remove();
    },
  };
}
