import type { OutsideHoursScreen, PlaybackSnapshot, PlayRecord, SelectionSource } from '../seams.js';
import type { PlayerConfig } from '../wire/config.js';
import type { Manifest, ManifestDisplayAction } from '../wire/manifest.js';
import { activationGraceMs } from './activation-grace.js';
import { activeHours } from './active-hours.js';
import { afterDisplayAction, type DisplaySettings, NORMAL_DISPLAY } from './display-settings.js';
import { brandingLogo, type OutsideHoursConfig, outsideHoursScreen } from './outside-hours.js';
import type { MediaPort, PlaySink, StagePort } from './ports.js';
import { type ContentChoice, type DisplayPolicy, displayPolicy, selectContent } from './schedule.js';
import { layoutEntry, nextAvailabilityChange, type PlaybackDefaults, playingOrder, type SequenceEntry } from './sequence.js';
import type { WebsiteDefaults } from './website-settings.js';

/**
 * The playback loop: decides what plays now from the kept manifest, shows it item after item on
 * the stage, wakes at the next instant the decision can change, and records every appearance for
 * proof of play. Time comes only from `Date.now()` and `setTimeout` (tests drive the clock), and
 * `stop()` clears every timer it set.
 */

export interface LoopOptions {
  stage: StagePort;
  media: Pick<MediaPort, 'ready' | 'srcFor'>;
  plays: PlaySink;
  newId(): string;
  /** The texts shown when nothing can play and when playback is disabled, from the config. */
  texts(): { noContent: string; disabled: string };
}

interface Plan {
  /** Which content, as a stable identity: the same identity keeps the current item on screen. */
  identity: string;
  /** The manifest it was decided from: it plays on from it while a newer one's files download. */
  manifest: Manifest;
  choice: ContentChoice;
  entries: SequenceEntry[];
}

interface Showing {
  entry: SequenceEntry;
  record: Omit<PlayRecord, 'endedAt' | 'completed'>;
  token: number;
  onScreen: boolean;
}

// A setTimeout longer than ~24.8 days fires at once; far boundaries are re-checked daily instead.
const MAX_WAIT_MS = 86_400_000;
// When every item of the content failed to show in a row, wait before trying again rather than spin.
const FAILED_ROUND_WAIT_MS = 5_000;

const choiceIdentity = (c: ContentChoice) =>
  [c.source, c.playlist?.id ?? '', c.layout?.id ?? '', c.scheduleId ?? '', c.takeoverId ?? '', c.overrideId ?? ''].join('|');

export class PlaybackLoop {
  private manifest?: Manifest;
  private defaults: PlaybackDefaults = {};
  private websiteDefaults: WebsiteDefaults = {};
  private power?: Partial<PlayerConfig['power']>;
  private branding?: OutsideHoursConfig['branding'];
  /** A newer manifest waiting for the item on screen to end (or its grace to run out). */
  private pending?: Manifest;
  private graceTimer?: ReturnType<typeof setTimeout>;
  /** The display-control settings: the holding schedule's action, then any display command since. */
  private display: DisplaySettings = NORMAL_DISPLAY;
  private displayPolicyKey = 'none';
  private disabled = false;
  private running = false;
  private plan?: Plan;
  private showing?: Showing;
  private token = 0;
  private failuresInRow = 0;
  private boundaryTimer?: ReturnType<typeof setTimeout>;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private nextChangeAt?: number;
  private state: PlaybackSnapshot['playbackState'] = 'waiting_for_content';
  /** What a rest shows (state and screen), so deciding again does not redraw it. */
  private resting?: string;

  constructor(private readonly o: LoopOptions) {}

  start(): void {
    this.running = true;
    this.decide();
  }

  /** Stops, and forgets the manifest: a restart plays only what it is given again (never a revoked screen's). */
  stop(): void {
    this.running = false;
    this.manifest = undefined;
    this.pending = undefined;
    clearTimeout(this.graceTimer);
    this.token++;
    this.finishShowing(true);
    this.plan = undefined;
    this.state = 'idle';
    this.resting = undefined;
    clearTimeout(this.boundaryTimer);
    clearTimeout(this.retryTimer);
    // A display left muted or dimmed would carry over to the pairing screen.
    this.displayPolicyKey = 'none';
    this.display = NORMAL_DISPLAY;
    this.o.stage.applyDisplay({ muted: false, volume: 100, brightness: 100 });
  }

  /**
   * A new manifest. While content plays it waits for the item on screen to end (at most the
   * manifest's activation grace), so a change never cuts an item short; with nothing playing, or
   * when it brings a takeover or quick presentation that holds now, it takes over at once.
   */
  setManifest(manifest: Manifest): void {
    clearTimeout(this.graceTimer);
    const urgent = selectContent(manifest, Date.now()).choices.some((c) => c.source === 'takeover' || c.source === 'quick_present');
    if (!this.manifest || this.state !== 'playing' || urgent) {
      this.pending = undefined;
      this.activate(manifest);
      this.decide();
      return;
    }
    this.pending = manifest;
    this.graceTimer = setTimeout(() => this.activatePending(), activationGraceMs(manifest));
  }

  /** The config's playback and website defaults, active hours and what shows outside them. */
  setConfig(c: {
    playback?: PlaybackDefaults;
    website?: WebsiteDefaults;
    power?: Partial<PlayerConfig['power']>;
    branding?: OutsideHoursConfig['branding'];
  }): void {
    this.defaults = c.playback ?? {};
    this.websiteDefaults = c.website ?? {};
    this.power = c.power;
    this.branding = c.branding;
  }

  /**
   * A display command (`display_power_on`, `display_mute`, …): acts at once and holds until the
   * display schedule that holds changes or another command comes. False when a browser cannot
   * carry it out.
   */
  displayCommand(action: ManifestDisplayAction): boolean {
    const next = afterDisplayAction(this.display, action);
    if (!next) return false;
    this.setDisplay(next);
    this.decide();
    return true;
  }

  setDisabled(disabled: boolean): void {
    if (this.disabled === disabled) return;
    this.disabled = disabled;
    this.decide(true);
  }

  /** Whether a manifest has been given (kept or fetched). */
  hasManifest(): boolean {
    return this.manifest !== undefined || this.pending !== undefined;
  }

  /** Start the content again from its first item (the `reload_playback` command). */
  restart(): void {
    this.decide(true);
  }

  /** Show the current item again from its start. */
  retryCurrent(): void {
    const current = this.showing;
    if (!current || !this.plan) {
      this.decide();
      return;
    }
    this.finishShowing(true);
    this.show(current.entry);
  }

  /** Leave the current item for the next one. */
  skip(): void {
    this.advance();
  }

  snapshot(): PlaybackSnapshot {
    const c = this.plan?.choice;
    const shown = this.showing?.entry;
    const source: SelectionSource = this.state === 'playing' && c ? c.source : 'none';
    return {
      playbackState: this.state,
      selectionSource: source,
      ...(this.manifest ? { activeManifestVersion: this.manifest.manifestVersion } : {}),
      ...(c?.playlist ? { currentPlaylistId: c.playlist.id } : {}),
      ...(c?.scheduleId ? { currentScheduleId: c.scheduleId } : {}),
      ...(c?.takeoverId ? { activeTakeoverId: c.takeoverId } : {}),
      ...(shown ? { currentItemId: shown.item.id } : {}),
      ...(shown?.asset ? { currentAssetId: shown.asset.assetId } : {}),
      ...(this.nextChangeAt !== undefined ? { nextTransitionAt: new Date(this.nextChangeAt).toISOString() } : {}),
      ...(this.disabled ? { playbackDisabled: true } : {}),
    };
  }

  /**
   * Decides again what plays: at a boundary, on a new manifest or config, when files become ready.
   * The same content keeps its current item on screen (the new order follows it); other content
   * replaces it at once. `restart` starts the content from its first item whatever it is; `after`
   * (an item that just ended) goes on with the item after it when the content stays the same.
   */
  decide(restart = false, after?: string): void {
    if (!this.running) return;
    clearTimeout(this.boundaryTimer);
    const now = Date.now();
    const m = this.manifest;
    if (!m) {
      this.rest(this.disabled ? 'disabled' : 'waiting_for_content', this.disabled ? this.o.texts().disabled : this.o.texts().noContent);
      return;
    }

    const display = displayPolicy(m, now);
    this.followDisplayPolicy(display);
    const hours = activeHours(this.power, now);
    const selection = selectContent(m, now);
    const next = this.pickPlan(m, selection.choices, now);
    const changes = [
      selection.nextChangeAt,
      display.nextChangeAt,
      hours.nextChangeAt,
      next?.choice.playlist ? nextAvailabilityChange(m, next.choice.playlist, now) : undefined,
    ];
    this.wakeAt(changes.filter((t): t is number => t !== undefined));

    // A takeover or a quick presentation plays over off hours, a display schedule and disabled playback.
    const urgent = next?.choice.source === 'takeover' || next?.choice.source === 'quick_present';
    if (!urgent && !hours.active) {
      this.rest('idle', this.outsideHours(m));
      return;
    }
    if (!urgent && this.display.poweredOff) {
      this.rest('idle', undefined);
      return;
    }
    if (!urgent && this.disabled) {
      this.rest('disabled', this.o.texts().disabled);
      return;
    }
    if (!next) {
      // The content decided on has no verified file yet: what plays now stays until one is.
      if (selection.choices.length && this.plan && this.showing) return;
      if (selection.choices.length && this.plan && after !== undefined) {
        this.continuePlan(after);
        return;
      }
      this.rest('waiting_for_content', this.o.texts().noContent);
      return;
    }

    const same = !restart && this.plan?.identity === next.identity;
    this.plan = next;
    this.state = 'playing';
    this.resting = undefined;
    // The item on screen stays while it is still part of the same content; it ends into the new order.
    if (same && this.showing && next.entries.some((e) => e.item.id === this.showing?.entry.item.id)) return;
    this.failuresInRow = 0;
    this.finishShowing(true);
    const at = same && after !== undefined ? next.entries.findIndex((e) => e.item.id === after) : -1;
    const first = next.entries[(at + 1) % next.entries.length];
    if (first) this.show(first);
  }

  private activate(manifest: Manifest): void {
    this.manifest = manifest;
    this.o.stage.useManifest(manifest, (a) => this.o.media.srcFor(a));
  }

  /** The waiting manifest takes over: its grace ran out (the item on screen stays if it is still part of the content). */
  private activatePending(): void {
    const manifest = this.pending;
    if (!manifest) return;
    this.pending = undefined;
    this.activate(manifest);
    this.decide();
  }

  /** A display schedule's action applies when the schedule that holds changes (a command since it stays until then). */
  private followDisplayPolicy(p: DisplayPolicy): void {
    const key = p.action ? `${p.scheduleId}:${JSON.stringify(p.action)}` : 'none';
    if (key === this.displayPolicyKey) return;
    this.displayPolicyKey = key;
    this.setDisplay((p.action && afterDisplayAction(NORMAL_DISPLAY, p.action)) || NORMAL_DISPLAY);
  }

  private setDisplay(next: DisplaySettings): void {
    const previous = this.display;
    this.display = next;
    if (previous.muted !== next.muted || previous.volume !== next.volume || previous.brightness !== next.brightness) {
      this.o.stage.applyDisplay({ muted: next.muted, volume: next.volume, brightness: next.brightness });
    }
  }

  private outsideHours(m: Manifest): OutsideHoursScreen {
    const logo = brandingLogo(m, this.branding?.logoAssetId);
    const logoSrc = logo && this.o.media.ready(logo) ? this.o.media.srcFor(logo) : undefined;
    return outsideHoursScreen({ power: this.power, branding: this.branding }, logoSrc);
  }

  /** The first choice with something to show now; the others stand in only when it has nothing. */
  private pickPlan(m: Manifest, choices: ContentChoice[], now: number): Plan | undefined {
    for (const choice of choices) {
      const entries =
        choice.playlist !== undefined
          ? playingOrder(m, choice.playlist, now, { defaults: this.defaults, websiteDefaults: this.websiteDefaults, ready: (a) => this.o.media.ready(a) })
          : choice.layout
            ? [layoutEntry(choice.layout.id)]
            : [];
      if (entries.length) return { identity: choiceIdentity(choice), manifest: m, choice, entries };
    }
    return undefined;
  }

  private wakeAt(instants: number[]): void {
    const now = Date.now();
    const next = instants.length ? Math.min(...instants) : undefined;
    this.nextChangeAt = next;
    if (next === undefined) return;
    this.boundaryTimer = setTimeout(() => this.decide(), Math.min(Math.max(next - now, 0), MAX_WAIT_MS));
  }

  /** Nothing plays: a message, the outside-hours screen or black, and the last item's play is closed. */
  private rest(state: PlaybackSnapshot['playbackState'], screen: string | OutsideHoursScreen | undefined): void {
    this.token++;
    this.finishShowing(true);
    this.plan = undefined;
    this.state = state;
    const resting = `${state}|${JSON.stringify(screen ?? '')}`;
    if (this.resting === resting) return;
    this.resting = resting;
    if (typeof screen === 'string') this.o.stage.showMessage(screen);
    else if (screen && screen.display !== 'black') this.o.stage.showOutsideHours(screen);
    else this.o.stage.clear();
  }

  /** The next entry after the one on screen; a manifest waiting for this boundary takes over here. */
  private advance(previous = this.showing?.entry.item.id): void {
    if (!this.running) return;
    this.finishShowing(true);
    if (this.pending) {
      const manifest = this.pending;
      this.pending = undefined;
      clearTimeout(this.graceTimer);
      this.activate(manifest);
      this.decide(false, previous);
      return;
    }
    this.continuePlan(previous);
  }

  /** The entry after `previous` in the current plan, from its order as it is now. */
  private continuePlan(previous: string | undefined): void {
    // Re-read the order: files may have become ready, items may have left their windows.
    const plan = this.plan;
    const m = plan?.manifest;
    if (!m || !plan) {
      this.decide();
      return;
    }
    const now = Date.now();
    const entries = plan.choice.playlist
      ? playingOrder(m, plan.choice.playlist, now, { defaults: this.defaults, websiteDefaults: this.websiteDefaults, ready: (a) => this.o.media.ready(a) })
      : plan.entries;
    if (!entries.length) {
      this.decide();
      return;
    }
    this.plan = { ...plan, entries };
    const at = entries.findIndex((e) => e.item.id === previous);
    const next = entries[(at + 1) % entries.length];
    if (next) this.show(next);
  }

  private show(entry: SequenceEntry): void {
    const token = ++this.token;
    clearTimeout(this.retryTimer);
    const c = this.plan?.choice;
    const src = entry.asset ? this.o.media.srcFor(entry.asset) : entry.stage.src;
    const record = {
      id: this.o.newId(),
      itemId: entry.item.id,
      contentType: entry.item.assetType,
      ...(entry.asset ? { assetId: entry.asset.assetId } : {}),
      ...(c?.playlist ? { playlistId: c.playlist.id } : {}),
      ...(c?.scheduleId ? { scheduleId: c.scheduleId } : {}),
      ...(c?.takeoverId ? { takeoverId: c.takeoverId } : {}),
      startedAt: new Date().toISOString(),
    };
    this.showing = { entry, record, token, onScreen: false };
    const onEnded = () => {
      if (token === this.token) this.advance();
    };
    this.o.stage.show({ ...entry.stage, key: record.id, ...(src ? { src } : {}) }, onEnded).then(
      () => {
        if (token !== this.token || !this.showing) return;
        this.showing.onScreen = true;
        this.failuresInRow = 0;
      },
      () => {
        if (token !== this.token) return;
        this.finishShowing(false);
        this.failuresInRow++;
        if (this.failuresInRow < (this.plan?.entries.length ?? 1)) {
          this.advance(entry.item.id);
          return;
        }
        // Nothing in this content would show: try again shortly instead of spinning.
        this.failuresInRow = 0;
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.advance(entry.item.id), FAILED_ROUND_WAIT_MS);
      },
    );
  }

  /** Closes the play on screen: a completed play once it was shown, a failed one otherwise. */
  private finishShowing(left: boolean): void {
    const s = this.showing;
    if (!s) return;
    this.showing = undefined;
    // An item replaced before it reached the screen was never seen: no play to report.
    if (left && !s.onScreen) return;
    this.o.plays.recordPlay({ ...s.record, endedAt: new Date().toISOString(), completed: left });
  }
}
