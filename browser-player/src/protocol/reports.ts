import type { PlaybackSnapshot } from '../seams.js';
import type { Heartbeat } from '../wire/heartbeat.js';
import { isCredentialLost, PlayerNetworkError, type PlayerApi, type PreviewSession } from './api.js';
import type { ActivityEvent, UnsequencedEvent } from './activity-events.js';

/**
 * Activity events waiting for the server, kept where a reload or a power cut does not lose them.
 * Each event is sent until the server has it (acknowledged) or refused it, and never twice as
 * two plays: the server counts an id once.
 */
export interface PlayQueue {
  /** Stores the events, each given the next sequence number (positive, rising, kept across restarts). */
  push(events: UnsequencedEvent[]): Promise<void>;
  /** The oldest `max` events, in order. */
  peek(max: number): Promise<ActivityEvent[]>;
  /** Drops the events of these sequence numbers. */
  remove(sequences: number[]): Promise<void>;
  /** The page is alive at this instant: a play it leaves open (a reload, a power cut) is ended then. */
  alive(at: string): Promise<void>;
  /** Drops every event, after the pushes already asked for (the credential they were for is gone). */
  clear(): Promise<void>;
}

/** A PlayQueue in memory (Node tests; a browser without IndexedDB): nothing in it outlives the page. */
export class MemoryPlayQueue implements PlayQueue {
  private events: ActivityEvent[] = [];
  private sequence = 0;

  async push(events: UnsequencedEvent[]): Promise<void> {
    for (const e of events) this.events.push({ ...e, sequence: ++this.sequence });
  }

  async peek(max: number): Promise<ActivityEvent[]> {
    return this.events.slice(0, max);
  }

  async remove(sequences: number[]): Promise<void> {
    const gone = new Set(sequences);
    this.events = this.events.filter((e) => !gone.has(e.sequence));
  }

  // No later page run reads it: a play left open here is lost with the page.
  async alive(): Promise<void> {}

  async clear(): Promise<void> {
    this.events = [];
  }
}

export interface ReporterOptions {
  snapshot(): PlaybackSnapshot;
  playerVersion: string;
  queue: PlayQueue;
  /** A JPEG of what is on screen for the console's live preview; undefined when it cannot be taken. */
  capture?(): Promise<Uint8Array | undefined>;
  /** Heartbeats go over the socket while it is open (false: it is not), else over HTTP. */
  socket?: { sendStatus(h: Heartbeat): boolean };
  /** Heartbeat fields beyond playback: screen size, locale, cache use, last command. */
  device?(): Partial<Heartbeat>;
  /** The server says the credential is gone (revoked or invalid): pair again. */
  onCredentialLost?(): void;
  now?(): number;
}

// The server's limits: events per request, preview bytes.
const BATCH = 200;
const MAX_PREVIEW_BYTES = 500 * 1000;
// The presentation schemas this player renders: 13 brings declarative layouts.
const PRESENTATION_SCHEMAS = [11, 12, 13];

/**
 * Everything the player tells the server on its own: heartbeats (with what plays), proof of play
 * (activity events, queued so plays while offline arrive later), telemetry and live preview frames
 * while the console watches. Every timer it starts, stop() clears.
 */
export class Reporter {
  private heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  private previewTimer: ReturnType<typeof setTimeout> | undefined;
  private previewAsked = 0;
  private chain = 0;
  private intervalMs = 60_000;
  private running = false;
  private flushing: Promise<void> | undefined;
  private flushAgain = false;
  private readonly startedAt: number;
  private readonly now: () => number;
  private lastRoundTripMs: number | undefined;
  private lastSampleAt: number;

  constructor(
    private readonly api: PlayerApi,
    private readonly o: ReporterOptions,
  ) {
    this.now = o.now ?? Date.now;
    this.startedAt = this.lastSampleAt = this.now();
  }

  /** Starts (or re-times, when the config changes) the heartbeats; checks the preview session once. */
  start(intervalSeconds: number): void {
    this.intervalMs = Math.max(5, intervalSeconds) * 1000;
    const first = !this.running;
    this.running = true;
    clearTimeout(this.heartbeatTimer);
    this.tick();
    if (first) this.previewChanged();
  }

  stop(): void {
    this.running = false;
    this.chain++;
    this.previewAsked++;
    clearTimeout(this.heartbeatTimer);
    clearTimeout(this.previewTimer);
    this.heartbeatTimer = this.previewTimer = undefined;
  }

  /**
   * Sends what the queue holds, 200 at a time, until it is empty or the server cannot be reached.
   * Acknowledged events and refused ones leave the queue (a refused one would be refused again and
   * must not hold back the rest). Never two flushes at once.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.flushAgain = false;
          for (let batch = await this.o.queue.peek(BATCH); batch.length; batch = await this.o.queue.peek(BATCH)) {
            const answer = await this.api.activityEvents(batch);
            const gone = new Set([...answer.acknowledgedEventIds, ...answer.rejected.map((r) => r.id ?? batch[r.index]?.id)]);
            const done = batch.filter((e) => gone.has(e.id)).map((e) => e.sequence);
            if (!done.length) break;
            await this.o.queue.remove(done);
          }
        } while (this.flushAgain);
      } catch (err) {
        this.failed(err);
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }

  /** The console opened or closed the live preview (`preview.session_changed`): ask what it wants now. */
  previewChanged(): void {
    if (!this.o.capture || !this.running) return;
    clearTimeout(this.previewTimer);
    this.previewTimer = undefined;
    // Only the latest answer counts: an older one arriving late must not start a second capture loop.
    const asked = ++this.previewAsked;
    this.api.previewSession().then(
      (session) => asked === this.previewAsked && this.followPreview(session, asked),
      (err) => this.failed(err),
    );
  }

  /** The heartbeat as it would be sent now. */
  heartbeat(): Heartbeat {
    const s = this.o.snapshot();
    return {
      playerVersion: this.o.playerVersion,
      uptimeSeconds: Math.floor(this.elapsedMs(this.startedAt) / 1000),
      presentationSchemaVersions: PRESENTATION_SCHEMAS,
      ...this.o.device?.(),
      playbackState: s.playbackState,
      selectionSource: s.selectionSource,
      activeManifestVersion: s.activeManifestVersion,
      pendingManifestVersion: s.pendingManifestVersion,
      currentItemId: s.currentItemId,
      currentAssetId: s.currentAssetId,
      currentPlaylistId: s.currentPlaylistId,
      currentScheduleId: s.currentScheduleId,
      activeTakeoverId: s.activeTakeoverId,
      nextTransitionAt: s.nextTransitionAt,
      playbackDisabled: s.playbackDisabled === true,
    };
  }

  /** One heartbeat (socket or HTTP), the telemetry beside it and a flush of queued plays. */
  async report(): Promise<void> {
    // Offline too: the instant a reload would end the play on screen at.
    await this.o.queue.alive(new Date(this.now()).toISOString()).catch(() => undefined);
    const heartbeat = this.heartbeat();
    try {
      if (!this.o.socket?.sendStatus(heartbeat)) {
        const sentAt = this.now();
        await this.api.heartbeat(heartbeat);
        this.lastRoundTripMs = this.elapsedMs(sentAt);
      }
      const s = this.o.snapshot();
      const now = this.now();
      const seconds = Math.min(86_400, Math.round(this.elapsedMs(this.lastSampleAt, now) / 1000));
      this.lastSampleAt = now;
      await this.api.telemetry({
        observedAt: new Date(now).toISOString(),
        currentItemId: s.currentItemId,
        rendererState: s.playbackState,
        rendererResponding: true,
        serverRoundTripMs: this.lastRoundTripMs,
        processUptimeSeconds: heartbeat.uptimeSeconds,
        interval: { seconds },
      });
    } catch (err) {
      this.failed(err);
    }
    await this.flush();
  }

  // One chain of heartbeats: a re-timing (start again) while a report is in flight must not leave
  // that report's successor running beside the new chain, so each chain checks it is still the one.
  private tick(chain = ++this.chain): void {
    void this.report().finally(() => {
      if (this.running && chain === this.chain) this.heartbeatTimer = setTimeout(() => this.tick(chain), this.intervalMs);
    });
  }

  /** One capture loop, which ends once a later session answer (`asked`) has taken over from it. */
  private followPreview(session: PreviewSession, asked: number): void {
    if (!this.running || !session.active) return;
    const intervalMs = Math.max(1, session.captureIntervalSeconds) * 1000;
    const until = session.expiresAt ? Date.parse(session.expiresAt) : Number.POSITIVE_INFINITY;
    const next = (delay: number) => {
      this.previewTimer = setTimeout(async () => {
        this.previewTimer = undefined;
        if (!this.running || this.now() >= until) return;
        await this.uploadFrame();
        // The session changed while this frame was taken: the loop its new answer started goes on alone.
        if (asked !== this.previewAsked) return;
        // The session's lease is renewed by the console: ask again once this one runs out.
        if (this.now() + intervalMs >= until) this.previewTimer = setTimeout(() => this.previewChanged(), Math.max(0, until - this.now()));
        else next(intervalMs);
      }, delay);
    };
    next(session.captureNow ? 0 : Math.min(intervalMs, 1000));
  }

  private async uploadFrame(): Promise<void> {
    const capturedAt = new Date(this.now()).toISOString();
    let jpeg: Uint8Array | undefined;
    try {
      jpeg = await this.o.capture?.();
    } catch {
      jpeg = undefined;
    }
    const upload = { playerVersion: this.o.playerVersion, capturedAt };
    try {
      if (!jpeg) await this.api.uploadPreview({ ...upload, failureStatus: 'unavailable' });
      else if (jpeg.byteLength > MAX_PREVIEW_BYTES) await this.api.uploadPreview({ ...upload, failureStatus: 'image_too_large' });
      else await this.api.uploadPreview({ ...upload, jpeg });
    } catch (err) {
      this.failed(err);
    }
  }

  // The wall clock can be set back (a kiosk PC's clock corrected after boot): a duration measured
  // across that is 0, never negative, which the server refuses (and with it the whole heartbeat).
  private elapsedMs(since: number, now = this.now()): number {
    return Math.max(0, now - since);
  }

  // Network trouble is normal for a screen: the next tick tries again. A lost credential is not.
  private failed(err: unknown): void {
    if (isCredentialLost(err)) this.o.onCredentialLost?.();
    else if (!(err instanceof PlayerNetworkError)) console.warn('report failed', err);
  }
}
