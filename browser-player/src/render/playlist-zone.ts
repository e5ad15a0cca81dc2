import type { LayoutContent, ZoneItem } from './layout-types.js';
import { mountImage, mountVideo } from './media.js';
import type { Box, Mounted } from './mounted.js';
import { mountWidget } from './presentation-view.js';
import { mountWebsite } from './website.js';

/** An item without a duration that does not end by itself (image, website, widget) stays this long. */
const ZONE_FALLBACK_MS = 10_000;

/** One item of a zone's playlist, or undefined when this screen cannot draw it (skipped). */
export function mountZoneItem(item: ZoneItem, content: LayoutContent, muted: boolean): Mounted | undefined {
  if (item.assetType === 'widget') {
    const widget = content.widgets.find((w) => w.assetId === item.assetId);
    return widget ? mountWidget(widget, content) : undefined;
  }
  if (item.assetType === 'website') {
    const site = content.website(item.assetId);
    return site ? mountWebsite(site.url, site.settings, site.fallback && { src: site.fallback.url, fitMode: item.fitMode }) : undefined;
  }
  const file = content.file(item.assetId, item.variantId);
  if (!file) return undefined;
  if (file.mimeType.startsWith('video/')) {
    return mountVideo(file.url, {
      fitMode: item.fitMode,
      audioEnabled: item.audioEnabled && !muted,
      volume: item.volume,
      startOffsetMs: item.videoStartOffsetMs ?? undefined,
      endOffsetMs: item.videoEndOffsetMs ?? undefined,
    });
  }
  return file.mimeType.startsWith('image/') ? mountImage(file.url, item.fitMode) : undefined;
}

/**
 * A layout zone playing a playlist on its own clock: each item loaded out of sight, cut in, and
 * the previous one released. Items that fail are skipped; a zone with nothing playable stays empty.
 */
export function mountPlaylistZone(items: ZoneItem[], content: LayoutContent, muted: boolean): Mounted {
  const zone = document.createElement('div');
  zone.className = 'zone-playlist';
  let current: Mounted | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let released = false;
  let index = -1;
  let failuresInARow = 0;

  const next = async (): Promise<void> => {
    if (released || items.length === 0 || failuresInARow >= items.length) return;
    index = (index + 1) % items.length;
    const item = items[index]!;
    const incoming = mountZoneItem(item, content, muted);
    if (!incoming) {
      failuresInARow++;
      return next();
    }
    incoming.element.classList.add('zone-incoming');
    zone.append(incoming.element);
    try {
      await incoming.ready;
    } catch {
      incoming.release();
      failuresInARow++;
      return next();
    }
    if (released) return incoming.release();
    failuresInARow = 0;
    incoming.element.classList.remove('zone-incoming');
    current?.release();
    current = incoming;
    let advanced = false;
    const advance = () => {
      if (advanced || released || current !== incoming) return;
      advanced = true;
      clearTimeout(timer);
      void next();
    };
    const ms = item.durationMs ?? (item.assetType === 'video' ? undefined : ZONE_FALLBACK_MS);
    if (ms !== undefined) timer = setTimeout(advance, ms);
    else incoming.onNaturalEnd?.(advance);
  };
  // The zone counts as ready once its first item is up (or none could be).
  const ready = next();
  return {
    element: zone,
    ready,
    draw(ctx, box: Box) {
      current?.draw(ctx, box);
    },
    async prepare() {
      await current?.prepare?.();
    },
    // The zone plays on: its next items are drawn from the new content, the one on screen follows it if it can.
    update(next) {
      content = next;
      current?.update?.(next);
      return true;
    },
    release() {
      released = true;
      clearTimeout(timer);
      current?.release();
      current = undefined;
      zone.remove();
    },
  };
}
