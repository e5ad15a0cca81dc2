import type { StagePort } from '../../browser-player/src/playback/ports.js';
import type { DisplayOutput, OutsideHoursScreen, StageItem } from '../../browser-player/src/seams.js';

/** A stage that records what it was asked to show, and refuses the items it is told to fail. */
export class RecordingStage implements StagePort {
  shown: StageItem[] = [];
  messages: string[] = [];
  refuse = new Set<string>();
  /** The error name a refused item fails with (the stage names a video decoder's refusal). */
  refuseAs = 'Error';
  private ended = new Map<string, () => void>();

  async show(i: StageItem, onEnded: () => void): Promise<void> {
    this.shown.push(i);
    if (i.itemId && this.refuse.has(i.itemId)) throw Object.assign(new Error('cannot decode'), { name: this.refuseAs });
    this.ended.set(i.key, onEnded);
  }
  /** The item on screen reaches its end. */
  end(): void {
    const last = this.shown.at(-1);
    if (last) this.ended.get(last.key)?.();
  }
  codes: string[] = [];
  identified: string[] = [];
  showPairing(p: { code: string }): void {
    this.codes.push(p.code);
  }
  showMessage(text: string): void {
    this.messages.push(text);
  }
  identify(seconds: number, label: string): void {
    this.identified.push(`${label} for ${seconds} s`);
  }
  rotations: number[] = [];
  applyScreen(o: { rotation: number }): void {
    this.rotations.push(o.rotation);
  }
  async capture(): Promise<undefined> {
    return undefined;
  }
  clear(): void {
    this.messages.push('(black)');
  }
  useManifest(): void {}
  /** Every outside-hours screen shown. */
  outsideHours: OutsideHoursScreen[] = [];
  showOutsideHours(screen: OutsideHoursScreen): void {
    this.outsideHours.push(screen);
    this.messages.push(`(outside hours: ${screen.display})`);
  }
  /** The display output as last applied (the stage starts at full volume and brightness). */
  display: DisplayOutput = { muted: false, volume: 100, brightness: 100 };
  applyDisplay(o: DisplayOutput): void {
    this.display = o;
  }
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));
