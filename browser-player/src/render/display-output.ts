import type { DisplayOutput } from '../seams.js';

/**
 * The display-control settings applied to a stage: a black veil for brightness, and each video
 * or audio element's volume scaled and muted, those on screen now and those mounted later
 * (items, layout zones cycling their own media), found as they are added. Framed websites are
 * other pages: their sound is beyond reach.
 */
export class DisplayOutputControl {
  private output: DisplayOutput = { muted: false, volume: 100, brightness: 100 };
  /** The volume each element was given by its content, before the display scaled it. */
  private readonly ownVolume = new WeakMap<HTMLMediaElement, number>();
  /** Elements muted by the display: only these are unmuted again (a browser's autoplay policy may have muted others). */
  private readonly mutedHere = new WeakSet<HTMLMediaElement>();

  constructor(
    private readonly frame: HTMLElement,
    private readonly veil: HTMLElement,
  ) {
    // The stage lives as long as the page: the observer is never disconnected.
    new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) if (node instanceof Element) this.tuneWithin(node);
    }).observe(frame, { childList: true, subtree: true });
  }

  apply(output: DisplayOutput): void {
    this.output = output;
    this.veil.style.opacity = String(1 - output.brightness / 100);
    this.tuneWithin(this.frame);
  }

  private tuneWithin(root: Element): void {
    if (root instanceof HTMLMediaElement) this.tune(root);
    for (const media of root.querySelectorAll<HTMLMediaElement>('video, audio')) this.tune(media);
  }

  private tune(media: HTMLMediaElement): void {
    let own = this.ownVolume.get(media);
    if (own === undefined) {
      own = media.volume;
      this.ownVolume.set(media, own);
    }
    media.volume = own * (this.output.volume / 100);
    if (this.output.muted && !media.muted) {
      media.muted = true;
      this.mutedHere.add(media);
    } else if (!this.output.muted && this.mutedHere.has(media)) {
      media.muted = false;
      this.mutedHere.delete(media);
    }
  }
}
