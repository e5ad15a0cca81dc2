import type { DisplayOutput, OutsideHoursScreen, StageItem } from '../seams.js';
import { captureJpeg } from './capture.js';
import { DisplayOutputControl } from './display-output.js';
import type { Manifest, ManifestAsset } from '../wire/manifest.js';
import { type LayoutContent, layoutContentOf } from './layout-types.js';
import { mountLayout } from './layout-view.js';
import { mountImage, mountVideo } from './media.js';
import { drawPlaceholder, type Mounted } from './mounted.js';
import { renderOutsideHours } from './outside-hours-view.js';
import { type PairingInfo, renderPairing } from './pairing-view.js';
import { prepareTvScreen } from './screen.js';
import { mountWebsite } from './website.js';
import { mountWidgetItem } from './widget-item.js';

/** How long a fade or crossfade takes (a fade spends it twice: out to black, then in). */
export const TRANSITION_MS = 300;
/** An item not ready by then (a stalled file, a decoder that never starts) counts as not showable. */
export const READY_TIMEOUT_MS = 30_000;

interface Shown {
  layer: HTMLElement;
  content: Mounted;
  item: StageItem;
  timer?: ReturnType<typeof setTimeout>;
  /** Settles a pending show that was overtaken: its content, once released, may never get ready. */
  abandon?: () => void;
}

/**
 * What the screen shows. Two layers: the next item is loaded, decoded and started out of sight,
 * then swapped in with its transition, and the old one released (element, decoder, timers), so
 * weeks of playback leave nothing behind.
 *
 * A `show` overtaken by a later `show`, `clear`, `showPairing` or `showMessage` before it reached
 * the screen settles without calling `onEnded`: the caller has moved on.
 */
export class Stage {
  private readonly frame: HTMLElement;
  private readonly overlay: HTMLElement;
  private readonly identifyBox: HTMLElement;
  private generation = 0;
  private pending: Shown | undefined;
  private current: Shown | undefined;
  private identifyTimer: ReturnType<typeof setTimeout> | undefined;
  private layouts: LayoutContent | undefined;
  private readonly display: DisplayOutputControl;

  constructor(private readonly root: HTMLElement) {
    root.classList.add('stage');
    this.frame = el('div', 'stage-frame');
    this.overlay = el('div', 'stage-overlay');
    this.identifyBox = el('div', 'stage-identify');
    this.identifyBox.hidden = true;
    this.identifyBox.setAttribute('role', 'status');
    // Brightness dims what plays and any message; the screen's name when identifying stays bright.
    const veil = el('div', 'stage-veil');
    this.frame.append(this.overlay, veil, this.identifyBox);
    this.display = new DisplayOutputControl(this.frame, veil);
    root.replaceChildren(this.frame);
    prepareTvScreen(root.ownerDocument);
  }

  /**
   * The manifest layouts are drawn from (their documents, the playlists, widgets and files they
   * name), each file loaded from `srcFor` (the offline cache): told of every manifest playback
   * takes, before its items are shown. What is on screen, or on its way, follows it in place
   * (`Mounted.update`): playback keeps an item that stays the same, new data included.
   */
  useManifest(manifest: Manifest, srcFor: (asset: ManifestAsset) => string): void {
    this.layouts = layoutContentOf(manifest, srcFor);
    this.current?.content.update?.(this.layouts);
    this.pending?.content.update?.(this.layouts);
  }

  async show(item: StageItem, onEnded: () => void): Promise<void> {
    const generation = this.supersede();
    const layer = el('div', 'stage-layer');
    this.frame.insertBefore(layer, this.overlay);
    let content: Mounted;
    try {
      content = this.mount(item);
    } catch (error) {
      layer.remove();
      throw error;
    }
    layer.append(content.element);
    const shown: Shown = { layer, content, item };
    const overtaken = new Promise<void>((resolve) => {
      shown.abandon = resolve;
    });
    this.pending = shown;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const limit = READY_TIMEOUT_MS + (content.loadsWithinMs ?? 0);
    const tooSlow = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => reject(new Error(`${item.kind} not ready after ${limit} ms`)), limit);
    });
    try {
      await Promise.race([content.ready, overtaken, tooSlow]);
    } catch (error) {
      if (this.pending === shown) {
        this.pending = undefined;
        release(shown);
        throw error;
      }
      return;
    } finally {
      clearTimeout(timeout);
    }
    if (generation !== this.generation) return;
    this.pending = undefined;
    const previous = this.current;
    this.current = shown;
    this.overlay.replaceChildren();
    await swap(previous, shown);
    if (previous) release(previous);
    if (this.current !== shown) return;

    let done = false;
    const end = () => {
      if (done || this.current !== shown) return;
      done = true;
      onEnded();
    };
    // Without a duration a video ends at its end; anything else (a whole-screen layout) stays until replaced.
    if (item.durationMs !== undefined) shown.timer = setTimeout(end, item.durationMs);
    else content.onNaturalEnd?.(end);
    if (item.itemId) this.root.dataset.showingItem = item.itemId;
    else delete this.root.dataset.showingItem;
    this.root.dataset.showingKind = item.kind;
  }

  showPairing(p: PairingInfo): void {
    this.clear();
    this.overlay.replaceChildren(renderPairing(p));
  }

  showMessage(text: string): void {
    this.clear();
    const message = el('p', 'stage-message');
    message.textContent = text;
    this.overlay.replaceChildren(message);
  }

  showOutsideHours(screen: Exclude<OutsideHoursScreen, { display: 'black' }>): void {
    this.clear();
    this.overlay.replaceChildren(renderOutsideHours(screen));
  }

  applyDisplay(o: DisplayOutput): void {
    this.display.apply(o);
  }

  /** The screen's name over whatever plays, for `seconds`: "which screen is this?". */
  identify(seconds: number, label: string): void {
    clearTimeout(this.identifyTimer);
    this.identifyBox.textContent = label;
    this.identifyBox.hidden = false;
    this.identifyTimer = setTimeout(() => {
      this.identifyBox.hidden = true;
      this.identifyBox.textContent = '';
    }, seconds * 1000);
  }

  /** Portrait screens: the whole stage turns, so content is laid out in the screen's own frame. */
  applyScreen(o: { rotation: 0 | 90 | 180 | 270 }): void {
    this.frame.dataset.rotation = String(o.rotation);
  }

  /** A JPEG (≤ 500 KB) of what is on screen, for the console's live preview. */
  capture(): Promise<Uint8Array | undefined> {
    const { clientWidth: width, clientHeight: height } = this.frame;
    const text = this.overlay.textContent?.trim();
    const content: Mounted | undefined =
      this.current?.content ??
      (text ? { element: this.overlay, ready: Promise.resolve(), draw: (ctx, box) => drawPlaceholder(ctx, box, text), release() {} } : undefined);
    return captureJpeg(content, width, height);
  }

  /** Blank screen: everything shown or on its way is released. */
  clear(): void {
    this.supersede();
    if (this.current) release(this.current);
    this.current = undefined;
    this.overlay.replaceChildren();
    delete this.root.dataset.showingItem;
    delete this.root.dataset.showingKind;
  }

  private supersede(): number {
    this.pending?.abandon?.();
    if (this.pending) release(this.pending);
    this.pending = undefined;
    return ++this.generation;
  }

  private mount(item: StageItem): Mounted {
    switch (item.kind) {
      case 'image':
        return mountImage(required(item.src, 'src'), item.fitMode);
      case 'video':
        return mountVideo(required(item.src, 'src'), {
          fitMode: item.fitMode,
          audioEnabled: item.audioEnabled,
          volume: item.volume,
          startOffsetMs: item.videoStartOffsetMs,
          endOffsetMs: item.videoEndOffsetMs,
        });
      case 'website': {
        // Its fallback image is a file of the manifest, loaded from where the offline cache says.
        const f = item.website?.fallback;
        const image = f && this.layouts?.file(f.assetId, f.variantId);
        return mountWebsite(required(item.src, 'src'), item.website, image ? { src: image.url, fitMode: item.fitMode } : undefined);
      }
      case 'layout':
        if (!this.layouts) throw new Error('no layouts known yet');
        return mountLayout(required(item.layoutId, 'layoutId'), this.layouts, !item.audioEnabled);
      case 'widget':
        if (!this.layouts) throw new Error('no widgets known yet');
        return mountWidgetItem(required(item.widgetId, 'widgetId'), this.layouts);
    }
  }
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`stage item without ${name}`);
  return value;
}

function el(tag: string, className: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

function release(shown: Shown): void {
  clearTimeout(shown.timer);
  shown.content.release();
  shown.layer.remove();
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Brings `next` in over `previous`. Timers rather than transition events: a hidden tab or a
 * throttled TV browser may never deliver `transitionend`, and playback must go on regardless.
 */
async function swap(previous: Shown | undefined, next: Shown): Promise<void> {
  // Nothing dissolves into itself (a one-item playlist looping).
  const transition = previous && previous.item.itemId === next.item.itemId ? 'none' : next.item.transition;
  const fadeIn = async () => {
    next.layer.style.transition = `opacity ${TRANSITION_MS}ms ease`;
    void next.layer.offsetWidth; // starts the transition from the layer's current opacity
    next.layer.classList.add('visible');
    await wait(TRANSITION_MS);
    // Whatever the transition's own progress, the item is now fully on screen.
    next.layer.style.transition = 'none';
  };
  if (transition === 'fade' && previous) {
    previous.layer.style.transition = `opacity ${TRANSITION_MS}ms ease`;
    previous.layer.classList.remove('visible');
    await wait(TRANSITION_MS);
    await fadeIn();
  } else if (transition === 'fade' || transition === 'crossfade') {
    await fadeIn();
  } else {
    next.layer.classList.add('visible');
  }
}
