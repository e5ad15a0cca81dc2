import { PlaybackLoop } from './playback/playback-loop.js';
import type { MediaPort, StagePort } from './playback/ports.js';
import { type CommandResult, isCredentialLost, PlayerApiError } from './protocol/api.js';
import { Backoff } from './protocol/backoff.js';
import type { CommandHandler, CommandHandlers } from './protocol/commands.js';
import type { PlaybackSnapshot, PlayEvent, StoredCredential } from './seams.js';
import type { PlayerConfig } from './wire/config.js';
import type { Manifest } from './wire/manifest.js';

/**
 * The orchestrator: pairs the page as a stock player pairs, then keeps it playing what the server
 * decides. It fetches manifest and config (ETag, 304 keeps the copy), keeps them so a reload offline
 * plays at once, has the files cached, listens on the socket, runs commands and reports. A revoked
 * credential sends it back to pairing. Every part is handed in (`main.ts` wires the real ones), and
 * `stop()` ends every timer and connection it started.
 */

/** What is kept across reloads, per screen (so another screen's content never plays after a re-pair). */
export interface KeptState {
  screenId: string;
  manifest?: { manifest: Manifest; etag: string };
  config?: { config: PlayerConfig; etag: string };
  playbackDisabled?: boolean;
}

export interface ApiPort {
  setCredential(credential: string | undefined): void;
  manifest(etag?: string): Promise<{ manifest: Manifest; etag: string } | undefined>;
  config(etag?: string): Promise<{ config: PlayerConfig; etag: string } | undefined>;
  /** After a 1008 close: whether the credential still holds (`lost`: pair again; `disabled`: wait). */
  credentialState(): Promise<'valid' | 'lost' | 'disabled'>;
  /** Whether the server is the installation a credential belongs to; undefined while it cannot be asked. */
  sameServer(installationId: string): Promise<boolean | undefined>;
}

export interface SocketPort {
  start(): void;
  stop(): void;
}

export interface ReporterPort {
  start(intervalSeconds: number): void;
  stop(): void;
  /** Sends the queued proof of play now, if the server can be reached. */
  flush(): void | Promise<void>;
  previewChanged(): void;
}

export interface PlayerParts {
  api: ApiPort;
  stage: StagePort;
  media: MediaPort;
  credentials: {
    load(): Promise<StoredCredential | undefined>;
    save(c: StoredCredential): Promise<void>;
    clear(): Promise<void>;
  };
  kept: {
    load(): Promise<KeptState | undefined>;
    save(state: KeptState): Promise<void>;
    clear(): Promise<void>;
  };
  /** Runs pairing until enrolled (shows each code through `onCode`); rejects when aborted. */
  pair(o: {
    onCode(c: { code: string; approvalUrl: string; expiresAt: string; organizationName: string }): void;
    signal: AbortSignal;
  }): Promise<StoredCredential>;
  openSocket(o: { credential: string; onMessage(m: { type: string }): void; onRevoked(): void; onOpen(): void }): SocketPort;
  reporter(o: { snapshot(): PlaybackSnapshot; capture(): Promise<Uint8Array | undefined>; onCredentialLost(): void }): ReporterPort;
  /** The proof-of-play queue the reporters send from (it outlives each of them, and plays before one exists are kept). */
  plays: { record(e: PlayEvent): Promise<void>; clear(): Promise<void> };
  commands(handlers: CommandHandlers): { poll(): Promise<void> };
  newId(): string;
  reloadPage(): void;
}

// The server's defaults, used until a config has been kept.
const DEFAULT_STATUS_SECONDS = 60;
const DEFAULT_RECONCILE_SECONDS = 300;
// Fetches that fail (offline, server busy) are tried again from 1 s up to a minute apart.
const RETRY = { baseMs: 1_000, maxMs: 60_000, stableMs: 0 };
const PAIRING_RETRY_MS = 30_000;
// The display commands a page carries out (see `playback/display-settings.ts`).
const DISPLAY_COMMANDS = ['display_power_on', 'display_power_off', 'display_mute', 'display_unmute', 'display_set_volume', 'display_set_brightness'];

export class Player {
  private credential?: StoredCredential;
  private kept?: KeptState;
  private socket?: SocketPort;
  private reporter?: ReporterPort;
  private commands?: { poll(): Promise<void> };
  private pairing?: AbortController;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly fetching = new Map<'manifest' | 'config', Promise<void>>();
  private readonly refetch = new Set<'manifest' | 'config'>();
  private readonly retries = new Backoff(RETRY);
  private generation = 0;
  readonly loop: PlaybackLoop;

  constructor(private readonly p: PlayerParts) {
    this.loop = new PlaybackLoop({
      stage: p.stage,
      media: p.media,
      // Kept at once (a failure to keep one must not stop playback), sent as soon as a reporter can.
      plays: {
        recordPlay: (e) =>
          void p.plays
            .record(e)
            .then(() => this.reporter?.flush())
            .catch(() => undefined),
      },
      newId: p.newId,
      texts: () => {
        const c = this.kept?.config?.config;
        return {
          noContent: c?.branding?.noContentTitle || 'Waiting for content',
          disabled: c?.branding?.disabledTitle || 'Playback is disabled',
        };
      },
    });
  }

  /** What plays now, for tests and the reports. */
  snapshot(): PlaybackSnapshot {
    return this.loop.snapshot();
  }

  async start(): Promise<void> {
    const generation = ++this.generation;
    const credential = await this.p.credentials.load();
    if (generation !== this.generation) return;
    if (credential) return this.enrolled(credential, generation);
    // Pairing runs until enrolled (or stopped): starting is done once its first code is asked for.
    void this.pairUntilEnrolled(generation);
  }

  /** Ends everything this player started: timers, socket, reports, pairing, playback. */
  stop(): void {
    this.generation++;
    this.pairing?.abort();
    this.pairing = undefined;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.socket?.stop();
    this.socket = undefined;
    // The play on screen is closed before the reports stop, so it is queued for upload.
    this.loop.stop();
    this.reporter?.stop();
    this.reporter = undefined;
    this.commands = undefined;
    // A fetch still running belongs to the stopped run: the next run's first fetch must not wait on it.
    this.fetching.clear();
    this.refetch.clear();
    this.p.media.stop();
  }

  private after(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private async pairUntilEnrolled(generation: number): Promise<void> {
    this.pairing = new AbortController();
    try {
      const credential = await this.p.pair({ onCode: (c) => this.p.stage.showPairing(c), signal: this.pairing.signal });
      if (generation !== this.generation) return;
      await this.p.credentials.save(credential);
      this.pairing = undefined;
      await this.enrolled(credential, generation);
    } catch {
      if (generation !== this.generation) return;
      // Pairing retries network failures itself; anything else is tried again from the start.
      this.pairing = undefined;
      this.p.stage.showMessage('Pairing failed, trying again');
      this.after(PAIRING_RETRY_MS, () => void this.pairUntilEnrolled(generation));
    }
  }

  private async enrolled(credential: StoredCredential, generation: number): Promise<void> {
    this.credential = credential;
    const kept = await this.p.kept.load().catch(() => undefined);
    if (generation !== this.generation) return;
    this.kept = kept?.screenId === credential.screenId ? kept : { screenId: credential.screenId };
    this.applyConfig();
    this.loop.setDisabled(this.kept.playbackDisabled === true);
    this.loop.start();
    // The kept manifest plays at once, offline too; the cache says which of its files are here.
    if (this.kept.manifest) this.loop.setManifest(this.kept.manifest.manifest);

    // The credential goes only to the installation it belongs to (one that cannot be asked now is
    // trusted: the page plays on offline and its calls fail until the server is back).
    const same = await this.p.api.sameServer(credential.installationId);
    if (generation !== this.generation) return;
    if (same === false) {
      await this.revoked();
      return;
    }
    this.p.api.setCredential(credential.credential);
    this.reporter = this.p.reporter({
      snapshot: () => this.loop.snapshot(),
      capture: () => this.p.stage.capture(),
      onCredentialLost: () => void this.revoked(),
    });
    this.reporter.start(this.statusSeconds());
    this.commands = this.p.commands(this.commandHandlers());
    this.socket = this.p.openSocket({
      credential: credential.credential,
      onMessage: (m) => this.onMessage(m),
      onRevoked: () => void this.checkCredential(generation),
      // Changes announced while the socket was down were missed: ask (a 304 costs nothing).
      onOpen: () => {
        void this.fetch('config');
        void this.fetch('manifest');
        void this.commands?.poll().catch((e) => this.failed(e));
      },
    });
    if (this.kept.manifest) this.sync(this.kept.manifest.manifest);
    // The first fetches come as the socket opens; while it cannot, they are asked for here too.
    void this.fetch('config');
    void this.fetch('manifest');
    this.socket.start();
    this.reconcile(generation);
  }

  /** Fetches the manifest again on the config's cadence, in case a socket message was missed. */
  private reconcile(generation: number): void {
    const seconds = this.kept?.config?.config.sync?.manifestReconciliationSeconds || DEFAULT_RECONCILE_SECONDS;
    this.after(seconds * 1000, () => {
      if (generation !== this.generation) return;
      void this.fetch('manifest');
      this.reconcile(generation);
    });
  }

  private statusSeconds(): number {
    return this.kept?.config?.config.sync?.statusReportSeconds || DEFAULT_STATUS_SECONDS;
  }

  private onMessage(m: { type: string }): void {
    switch (m.type) {
      case 'manifest.changed':
      case 'takeover.changed':
        void this.fetch('manifest');
        break;
      case 'config.changed':
        void this.fetch('config');
        break;
      case 'commands.available':
        void this.commands?.poll().catch((e) => this.failed(e));
        break;
      case 'preview.session_changed':
        this.reporter?.previewChanged();
        break;
    }
  }

  /** One request of each kind at a time; a change announced meanwhile is fetched once more after it. */
  private fetch(kind: 'manifest' | 'config'): Promise<void> {
    const running = this.fetching.get(kind);
    if (running) {
      this.refetch.add(kind);
      return running;
    }
    const generation = this.generation;
    const run = (kind === 'manifest' ? this.fetchManifest() : this.fetchConfig())
      .then(() => {
        this.retries.reset();
        this.loop.setDisabled(this.kept?.playbackDisabled === true);
      })
      .catch((e) => this.failed(e, () => void this.fetch(kind)))
      .finally(() => {
        if (this.fetching.get(kind) === run) this.fetching.delete(kind);
        if (generation === this.generation && this.refetch.delete(kind)) void this.fetch(kind);
      });
    this.fetching.set(kind, run);
    return run;
  }

  private async fetchManifest(): Promise<void> {
    const generation = this.generation;
    const answer = await this.p.api.manifest(this.kept?.manifest?.etag);
    if (!answer || generation !== this.generation || !this.kept) return;
    this.kept = { ...this.kept, manifest: answer };
    this.loop.setManifest(answer.manifest);
    this.sync(answer.manifest);
    // Keeping is for the next reload: a failure to write it must not refetch what was just taken.
    await this.p.kept.save(this.kept).catch(() => undefined);
  }

  private async fetchConfig(): Promise<void> {
    const generation = this.generation;
    const answer = await this.p.api.config(this.kept?.config?.etag);
    if (!answer || generation !== this.generation || !this.kept) return;
    const before = this.statusSeconds();
    this.kept = { ...this.kept, config: answer };
    this.applyConfig();
    if (this.statusSeconds() !== before) this.reporter?.start(this.statusSeconds());
    this.loop.decide();
    await this.p.kept.save(this.kept).catch(() => undefined);
  }

  private applyConfig(): void {
    const config = this.kept?.config?.config;
    this.loop.setConfig({ playback: config?.playback, website: config?.website, power: config?.power, branding: config?.branding });
    // A screen mounted on its side: its policy's display.rotation (upright before a config is kept).
    this.p.stage.applyScreen({ rotation: config?.display?.rotation ?? 0 });
  }

  /**
   * Has the manifest's files cached. Each file verified meanwhile makes playback decide again
   * (`fileReady`, wired to the cache), so a new item is on screen as soon as its file is.
   */
  private sync(manifest: Manifest): void {
    const generation = this.generation;
    this.p.media
      .sync(manifest, Date.now())
      .catch(() => undefined)
      .finally(() => {
        if (generation === this.generation) this.loop.decide();
      });
  }

  /** The media cache verified a file: content waiting for it can now be shown. */
  fileReady(): void {
    this.loop.decide();
  }

  /** A failed call: back to pairing when the credential is refused, else try again with backoff. */
  private failed(e: unknown, retry?: () => void): void {
    if (isCredentialLost(e)) {
      void this.revoked();
      return;
    }
    // A disabled screen is refused every call until it is enabled again: say so, and keep asking.
    if (e instanceof PlayerApiError && e.code === 'screen_disabled') this.loop.setDisabled(true);
    if (retry) this.after(this.retries.nextDelay(Date.now()), retry);
  }

  /**
   * The socket was closed for policy (1008): revoked, or the screen disabled. Asks which; a disabled
   * screen waits (showing so) and is asked again until enabled, then the socket reconnects.
   */
  private async checkCredential(generation: number): Promise<void> {
    let state: 'valid' | 'lost' | 'disabled' | undefined;
    try {
      state = await this.p.api.credentialState();
    } catch {
      // Unreachable: ask again later.
    }
    if (generation !== this.generation) return;
    if (state === 'lost') {
      await this.revoked();
      return;
    }
    if (state === 'valid') {
      this.retries.reset();
      this.loop.setDisabled(this.kept?.playbackDisabled === true);
      this.socket?.start();
      void this.fetch('manifest');
      return;
    }
    if (state === 'disabled') this.loop.setDisabled(true);
    this.after(this.retries.nextDelay(Date.now()), () => void this.checkCredential(generation));
  }

  /** The credential is revoked: nothing of this screen stays, and the page pairs afresh. */
  private async revoked(): Promise<void> {
    this.stop();
    const generation = this.generation;
    this.credential = undefined;
    this.kept = undefined;
    this.p.api.setCredential(undefined);
    this.p.stage.clear();
    // Nothing of the revoked screen stays: its credential, its manifest, its files and its unsent
    // plays (no credential can deliver them now; kept, the next screen paired here would report them).
    await Promise.all([this.p.credentials.clear(), this.p.kept.clear(), this.p.media.clear(), this.p.plays.clear()]).catch(() => undefined);
    if (generation === this.generation) void this.pairUntilEnrolled(generation);
  }

  private setPlaybackDisabled(disabled: boolean): void {
    if (!this.kept) return;
    this.kept = { ...this.kept, playbackDisabled: disabled };
    this.loop.setDisabled(disabled);
    void this.p.kept.save(this.kept).catch(() => undefined);
  }

  private commandHandlers(): CommandHandlers {
    const ok = (code?: string): CommandResult => ({ success: true, ...(code ? { code } : {}) });
    return {
      reload_playback: async () => {
        this.loop.restart();
        return ok();
      },
      sync_now: async () => {
        await Promise.all([this.fetch('config'), this.fetch('manifest')]);
        if (this.kept?.manifest) await this.p.media.sync(this.kept.manifest.manifest, Date.now());
        this.loop.decide();
        return ok();
      },
      identify_screen: async (payload) => {
        const seconds = Number(payload.durationSeconds);
        const playback = this.kept?.config?.config.playback;
        const name = this.credential?.screenName ?? '';
        const label = playback?.identifyShowsLocation && playback.screenLocation ? `${name} · ${playback.screenLocation}` : name;
        this.p.stage.identify(Number.isFinite(seconds) ? Math.min(Math.max(seconds, 10), 120) : 30, label);
        return ok();
      },
      clear_media_cache: async () => {
        await this.p.media.clear();
        this.loop.decide();
        if (this.kept?.manifest) this.sync(this.kept.manifest.manifest);
        return ok();
      },
      retry_current_item: async () => {
        this.loop.retryCurrent();
        return ok();
      },
      skip_current_item: async () => {
        this.loop.skip();
        return ok();
      },
      // The server toggles the screen's playback flag from these result codes.
      disable_playback: async () => {
        this.setPlaybackDisabled(true);
        return ok('playback_disabled');
      },
      enable_playback: async () => {
        this.setPlaybackDisabled(false);
        return ok('playback_enabled');
      },
      ...this.displayHandlers(),
      // A page's "process" is the page: reloaded once the server has the result, never before
      // (the command, still acknowledged, would run again after the reload).
      restart_player_process: async () => ({ ...ok(), afterReported: () => this.p.reloadPage() }),
    };
  }

  /**
   * The stock players' display commands, done as a page can: power off is black, mute and volume
   * act on the media the stage plays, brightness dims the stage. A page cannot switch the
   * display's input or probe the panel, and says so.
   */
  private displayHandlers(): CommandHandlers {
    const unsupported = async (): Promise<CommandResult> => ({
      success: false,
      code: 'display_unsupported',
      message: 'A browser player cannot switch the display input or probe the display.',
    });
    const apply =
      (type: string): CommandHandler =>
      async (payload) =>
        this.loop.displayCommand({ ...payload, type })
          ? { success: true }
          : { success: false, code: 'display_invalid_payload', message: 'Display command payload is invalid.' };
    return {
      ...Object.fromEntries(DISPLAY_COMMANDS.map((type) => [type, apply(type)])),
      display_set_input: unsupported,
      display_probe: unsupported,
    };
  }
}
