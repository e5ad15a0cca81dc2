import type { DisplayOutput, OutsideHoursScreen, PlayEvent, StageItem } from '../seams.js';
import type { Manifest, ManifestAsset } from '../wire/manifest.js';

/**
 * What playback needs of the other parts, as the narrowest shapes it uses: the render part's
 * Stage and the offline part's MediaCache satisfy them, and a Node test can hand in its own.
 */

export interface StagePort {
  /** Resolves once the item is on screen; rejects when it cannot be shown. `onEnded` fires once, when it is done. */
  show(item: StageItem, onEnded: () => void): Promise<void>;
  showPairing(p: { code: string; approvalUrl: string; expiresAt: string; organizationName: string }): void;
  showMessage(text: string): void;
  identify(seconds: number, label: string): void;
  applyScreen(o: { rotation: 0 | 90 | 180 | 270 }): void;
  capture(): Promise<Uint8Array | undefined>;
  clear(): void;
  /** The rest outside active hours (black is `clear()`); replaced like a message. */
  showOutsideHours(screen: Exclude<OutsideHoursScreen, { display: 'black' }>): void;
  /** Mute, volume and brightness for everything shown from now on and on screen now. */
  applyDisplay(o: DisplayOutput): void;
  /** Layouts draw from the manifest's documents and files: given each manifest before its items are shown. */
  useManifest(manifest: Manifest, srcFor: (asset: ManifestAsset) => string): void;
}

export interface MediaPort {
  sync(manifest: Manifest, now: number): Promise<void>;
  ready(asset: ManifestAsset): boolean;
  srcFor(asset: ManifestAsset): string;
  clear(): Promise<void>;
  /** Stops downloading and retrying. */
  stop(): void;
}

/** Where proof of play goes: each session as it starts and as it ends, kept for upload. */
export interface PlaySink {
  recordPlay(e: PlayEvent): void;
}
