import { DECODER_FAILURE, type OutsideHoursScreen, type PlaybackSnapshot, type PlayEndReason, type PlaySession, type SelectionSource } from '../seams.js';
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
 * the stage, wakes at the next instant the decision can change, and records proof of play: each
 * item and the content around it as it comes on screen, and again as it leaves, with why. Time
 * comes only from `Date.now()` and `setTimeout` (tests drive the clock), and `stop()` clears every
 * timer it set.
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
  /** The stage key, and the id of the item's play session. */
  key: string;
  token: number;
  /** When the stage was asked to show it. */
  askedAt: number;
  /** Its play, once it is on screen. */
  play?: PlaySession;
}

/** The content on screen as a proof-of-play presentation session: one per plan, however many items. */
interface Presenting {
  identity: string;
  play: PlaySession;
}

// A setTimeout longer than ~24.8 days fires at once; far boundaries are re-checked daily instead.
const MAX_WAIT_MS = 86_400_000;
// When every item of the content failed to show in a row, wait before trying again rather than spin.
const FAILED_ROUND_WAIT_MS = 5_000;

/** What proof of play names a plan's content by: the playlist or layout, what chose it, the manifest. */
function presentationOf(plan: Plan): Pick<PlaySession, 'manifestVersion' | 'presentationType' | 'presentationId' | 'scheduleId' | 'takeoverId'> {
  const c = plan.choice;
  return {
    manifestVersion: plan.manifest.manifestVersion,
    presentationType: c.playlist ? 'playlist' : 'layout',
    presentationId: c.playlist?.id ?? c.layout?.id,
    ...(c.scheduleId ? { scheduleId: c.scheduleId } : {}),
    ...(c.takeoverId ? { takeoverId: c.takeoverId } : {}),
  };
}

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
  private presenting?: Presenting;
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
    // The page stops (a revoke, a restart): its plays end as a reload would end them.
    this.endPresentation('player_restart');
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

  /**
   * Start the content again from its first item (the `reload_playback` command). The item cut short
   * ends as the stock players end it then (`schedule_transition`): asked for, not an interruption.
   */
  restart(): void {
    this.decide(true, undefined, 'schedule_transition');
  }

  /** Show the current item again from its start. */
  retryCurrent(): void {
    const current = this.showing;
    if (!current || !this.plan) {
      this.decide();
      return;
    }
    this.finishShowing('recovery_action');
    this.show(current.entry);
  }

  /** Leave the current item for the next one (`skip_current_item`). */
  skip(): void {
    this.leave('manual_skip');
  }

  snapshot(): PlaybackSnapshot {
    const c = this.plan?.choice;
    const shown = this.showing?.entry;
    const source: SelectionSource = this.state === 'playing' && c ? c.source : 'none';
    return {
      playbackState: this.state,
      selectionSource: source,
      ...(this.manifest ? { activeManifestVersion: this.manifest.manifestVersion } : {}),
      ...(this.pending ? { pendingManifestVersion: this.pending.manifestVersion } : {}),
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
   * What leaves the screen ends with `reason`, else with why the decision changed.
   */
  decide(restart = false, after?: string, reason?: PlayEndReason): void {
    if (!this.running) return;
    clearTimeout(this.boundaryTimer);
    const now = Date.now();
    const m = this.manifest;
    if (!m) {
      // Without a manifest nothing has played yet (stop() forgets it), so no play ends here.
      this.rest(this.disabled ? 'disabled' : 'waiting_for_content', this.disabled ? this.o.texts().disabled : this.o.texts().noContent, 'schedule_transition');
      return;
    }

    const display = displayPolicy(m, now);
    this.followDisplayPolicy(display);
    const hours = activeHours(this.power, now);
    const selection = selectContent(m, now);
    const next = this.pickPlan(m, selection.choices, now);
    const ending = reason ?? this.replacementReason(m, next?.choice);
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
      this.rest('idle', this.outsideHours(m), ending);
      return;
    }
    if (!urgent && this.display.poweredOff) {
      this.rest('idle', undefined, ending);
      return;
    }
    if (!urgent && this.disabled) {
      this.rest('disabled', this.o.texts().disabled, ending);
      return;
    }
    if (!next) {
      // The content decided on has no verified file yet: what plays now stays until one is.
      if (selection.choices.length && this.plan && this.showing) return;
      if (selection.choices.length && this.plan && after !== undefined) {
        this.continuePlan(after);
        return;
      }
      this.rest('waiting_for_content', this.o.texts().noContent, ending);
      return;
    }

    const same = !restart && this.plan?.identity === next.identity;
    this.plan = next;
    this.state = 'playing';
    this.resting = undefined;
    // The item on screen stays while it is still part of the same content; it ends into the new order.
    if (same && this.showing && next.entries.some((e) => e.item.id === this.showing?.entry.item.id)) return;
    this.failuresInRow = 0;
    // Other content ends the presentation on screen; the same content only its item.
    if (this.presenting?.identity !== next.identity) this.endPresentation(ending);
    else this.finishShowing(ending);
    const at = same && after !== undefined ? next.entries.findIndex((e) => e.item.id === after) : -1;
    const first = next.entries[(at + 1) % next.entries.length];
    if (first) this.show(first);
  }

  /**
   * Why what is on screen gives way to `next` (nothing, when it is undefined) under manifest `m`:
   * a takeover that starts; content of a newer manifest than the one on screen was decided from;
   * else time moved on (a schedule, an item's window, active hours) or a setting changed, which the
   * reference players report as a schedule transition.
   */
  private replacementReason(m: Manifest, next: ContentChoice | undefined): PlayEndReason {
    if (next?.source === 'takeover' && next.takeoverId !== this.plan?.choice.takeoverId) return 'takeover';
    return this.plan && this.plan.manifest !== m ? 'manifest_replacement' : 'schedule_transition';
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

  /** Nothing plays: a message, the outside-hours screen or black; the plays on screen end with `reason`. */
  private rest(state: PlaybackSnapshot['playbackState'], screen: string | OutsideHoursScreen | undefined, reason: PlayEndReason): void {
    this.token++;
    this.endPresentation(reason);
    this.plan = undefined;
    this.state = state;
    const resting = `${state}|${JSON.stringify(screen ?? '')}`;
    if (this.resting === resting) return;
    this.resting = resting;
    if (typeof screen === 'string') this.o.stage.showMessage(screen);
    else if (screen && screen.display !== 'black') this.o.stage.showOutsideHours(screen);
    else this.o.stage.clear();
  }

  /** The item on screen leaves it (`reason`) for the next entry. */
  private leave(reason: PlayEndReason): void {
    if (!this.running) return;
    const previous = this.showing?.entry.item.id;
    this.finishShowing(reason);
    this.advance(previous);
  }

  /** The entry after `previous`; a manifest waiting for this boundary takes over here. */
  private advance(previous: string | undefined): void {
    if (!this.running) return;
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
    const src = entry.asset ? this.o.media.srcFor(entry.asset) : entry.stage.src;
    const showing: Showing = { entry, key: this.o.newId(), token, askedAt: Date.now() };
    this.showing = showing;
    const onEnded = () => {
      if (token === this.token) this.leave('expected_item_boundary');
    };
    this.o.stage.show({ ...entry.stage, key: showing.key, ...(src ? { src } : {}) }, onEnded).then(
      () => {
        if (token !== this.token || this.showing !== showing) return;
        this.failuresInRow = 0;
        this.startPlay(showing);
      },
      (error: unknown) => {
        if (token !== this.token) return;
        this.showing = undefined;
        // It never reached the screen: its play has only an end, a failure.
        const play = this.itemPlay(showing, new Date(showing.askedAt).toISOString());
        const reason = error instanceof Error && error.name === DECODER_FAILURE ? 'decoder_failure' : 'renderer_failure';
        const failureMessage = error instanceof Error ? error.message : String(error);
        this.o.plays.recordPlay({ session: play, ended: { at: new Date().toISOString(), reason, failureMessage } });
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

  /** The item is on screen: its play starts, and the presentation's with it when it is the content's first. */
  private startPlay(showing: Showing): void {
    const plan = this.plan;
    if (!plan) return;
    const startedAt = new Date().toISOString();
    if (!this.presenting) {
      const play: PlaySession = { id: this.o.newId(), kind: 'presentation', startedAt, trigger: plan.choice.source, ...presentationOf(plan) };
      this.presenting = { identity: plan.identity, play };
      this.o.plays.recordPlay({ session: play });
    }
    showing.play = this.itemPlay(showing, startedAt);
    this.o.plays.recordPlay({ session: showing.play });
  }

  /** An item's play session, in the presentation on screen (none yet when the content's first item fails). */
  private itemPlay(showing: Showing, startedAt: string): PlaySession {
    const item = showing.entry.item;
    return {
      id: showing.key,
      kind: 'item',
      startedAt,
      ...(this.presenting ? { parentId: this.presenting.play.id } : {}),
      ...(this.plan ? presentationOf(this.plan) : {}),
      ...(this.plan?.choice.playlist ? { playlistItemId: item.id } : {}),
      assetId: item.assetId,
      contentType: item.assetType,
      ...(showing.entry.stage.durationMs !== undefined ? { expectedDurationMs: showing.entry.stage.durationMs } : {}),
    };
  }

  /** The item on screen leaves it: its play ends with `reason` (an item that never reached the screen has none). */
  private finishShowing(reason: PlayEndReason): void {
    const s = this.showing;
    if (!s) return;
    this.showing = undefined;
    if (s.play) this.o.plays.recordPlay({ session: s.play, ended: { at: new Date().toISOString(), reason } });
  }

  /** The content on screen leaves it: its item's play ends, then the presentation's, both with `reason`. */
  private endPresentation(reason: PlayEndReason): void {
    this.finishShowing(reason);
    const p = this.presenting;
    if (!p) return;
    this.presenting = undefined;
    this.o.plays.recordPlay({ session: p.play, ended: { at: new Date().toISOString(), reason } });
  }
}
