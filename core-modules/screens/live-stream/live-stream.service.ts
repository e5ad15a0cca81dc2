import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { notFound } from '../../../kernel/errors.js';
import { screenNotFound } from '../screens.service.js';
import { FRAME_INTERVAL_MS, MAX_FRAME_BYTES, MAX_HEIGHT, MAX_WIDTH, parseFrame } from './live-stream-frames.js';
import { FrameAssembler, type FramePiece, framePieces, type LeaseNews, sessionChannel } from './live-stream-relay.js';
import type { LiveStreamDeps } from './live-stream-deps.js';
import type { LeaseRow } from './live-streams.repository.js';

export const LEASE_SECONDS = 15;
export const BOUNDARY = 'signageframe';
/** How long a lease read for the frames of a screen is trusted. */
const LEASE_CHECK_MS = 1_000;
/** A player sending faster than twice the asked rate has the extra frames dropped. */
const MIN_FRAME_GAP_MS = FRAME_INTERVAL_MS / 2;

type Deps = Pick<LiveStreamDeps, 'liveStreamsRepository' | 'screensRepository' | 'playerMessages' | 'hub' | 'logger'>;

export interface LiveStreamSession {
  id?: string;
  screenId: string;
  active: boolean;
  expiresAt?: string;
  frameIntervalMillis: number;
  maxWidth: number;
  maxHeight: number;
  maxFrameBytes: number;
}

const liveStreamNotFound = () => notFound('live_stream_not_found', 'That live stream is no longer active.');

const sessionView = (screenId: string, lease: LeaseRow | undefined): LiveStreamSession => ({
  ...(lease ? { id: lease.session_id } : {}),
  screenId,
  active: Boolean(lease),
  ...(lease ? { expiresAt: lease.expires_at.toISOString() } : {}),
  frameIntervalMillis: FRAME_INTERVAL_MS,
  maxWidth: MAX_WIDTH,
  maxHeight: MAX_HEIGHT,
  maxFrameBytes: MAX_FRAME_BYTES,
});

/**
 * The console's live view of a screen: a 15 s lease it starts and renews while it watches, one per
 * screen. While it holds, the player sends JPEG frames (about 8 a second) over its socket; they are
 * relayed through the hub to the viewers of that session on any server process, newest frame only,
 * and kept nowhere. The lease's end (ended, replaced or expired) ends the viewers' streams.
 */
export class LiveStreamService {
  private readonly leases = new Map<string, { sessionId?: string; checkedAt: number; read?: Promise<string | undefined> }>();
  private readonly lastFrameAt = new Map<string, number>();

  constructor(private readonly d: Deps) {}

  async start(screenId: string): Promise<LiveStreamSession> {
    if (!(await this.d.screensRepository.exists(screenId))) throw screenNotFound();
    const { lease, replaced } = await this.d.liveStreamsRepository.start(screenId, randomUUID(), LEASE_SECONDS);
    if (replaced) await this.news(replaced, { kind: 'ended' });
    await this.tellPlayer(screenId);
    return sessionView(screenId, lease);
  }

  async renew(screenId: string, sessionId: string): Promise<LiveStreamSession> {
    const lease = await this.d.liveStreamsRepository.renew(screenId, sessionId, LEASE_SECONDS);
    if (!lease) throw liveStreamNotFound();
    await this.news(sessionId, { kind: 'renewed', expiresAt: lease.expires_at.toISOString() });
    await this.tellPlayer(screenId);
    return sessionView(screenId, lease);
  }

  async end(screenId: string, sessionId: string): Promise<void> {
    if (!(await this.d.liveStreamsRepository.end(screenId, sessionId))) throw liveStreamNotFound();
    await this.news(sessionId, { kind: 'ended' });
    await this.tellPlayer(screenId);
  }

  /** What the screen's player asks: whether to stream now, and how. */
  async current(screenId: string): Promise<LiveStreamSession> {
    return sessionView(screenId, await this.d.liveStreamsRepository.current(screenId));
  }

  /** A binary message on the player's socket. Only ever affects this screen's stream: a bad frame is logged and dropped. */
  async frame(screenId: string, data: Buffer): Promise<void> {
    const frame = parseFrame(data);
    if ('problem' in frame) {
      this.d.logger.warn({ screenId, problem: frame.problem }, 'live stream frame refused');
      return;
    }
    const now = Date.now();
    if (now - (this.lastFrameAt.get(screenId) ?? 0) < MIN_FRAME_GAP_MS) return;
    if ((await this.liveSession(screenId)) !== frame.sessionId) return;
    this.lastFrameAt.set(screenId, now);
    await this.d.hub.publishMany(framePieces(frame));
  }

  /** The socket closed: nothing of this screen's stream is kept. */
  forget(screenId: string): void {
    this.leases.delete(screenId);
    this.lastFrameAt.delete(screenId);
  }

  /**
   * A `multipart/x-mixed-replace` stream of the session's frames as they arrive, for as long as its
   * lease holds. A viewer that cannot keep up skips frames rather than queueing them.
   */
  async watch(screenId: string, sessionId: string): Promise<PassThrough> {
    const lease = await this.d.liveStreamsRepository.current(screenId);
    if (lease?.session_id !== sessionId) throw liveStreamNotFound();
    let expiresAt = lease.expires_at.getTime();
    const stream = new PassThrough({ highWaterMark: MAX_FRAME_BYTES });
    // A preamble (ignored by readers of multipart) so the answer's head goes out now, not with the first frame.
    stream.write('\r\n');
    const assembler = new FrameAssembler();
    const finish = () => {
      clearInterval(expiry);
      unsubscribe();
      if (!stream.writableEnded) stream.end();
    };
    const unsubscribe = this.d.hub.subscribe(sessionChannel(sessionId), {
      message: (m) => {
        const message = m as FramePiece | LeaseNews;
        if (message.kind === 'ended') return finish();
        if (message.kind === 'renewed') {
          expiresAt = Date.parse(message.expiresAt);
          return;
        }
        const whole = message.kind === 'piece' ? assembler.take(message) : undefined;
        // The newest frame only: one that would queue behind a frame not yet sent is skipped.
        if (!whole || stream.writableNeedDrain || stream.writableEnded) return;
        stream.write(
          `--${BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${whole.jpeg.length}\r\nX-Captured-At: ${whole.capturedAt.toISOString()}\r\n\r\n`,
        );
        stream.write(whole.jpeg);
        stream.write('\r\n');
      },
      // Lease news may have been missed while the hub was not listening: read the lease again.
      reset: (listening) => {
        if (!listening) return;
        void this.d.liveStreamsRepository.current(screenId).then(
          (lease) => {
            if (lease?.session_id !== sessionId) finish();
            else expiresAt = lease.expires_at.getTime();
          },
          () => {},
        );
      },
    });
    // The lease is the backstop when the console goes away without ending it.
    const expiry = setInterval(() => Date.now() >= expiresAt && finish(), 1_000);
    expiry.unref();
    stream.on('close', finish);
    return stream;
  }

  // The screen's live session for its frames, read from the database at most once a second.
  private liveSession(screenId: string): Promise<string | undefined> {
    const entry = this.leases.get(screenId);
    if (entry?.read) return entry.read;
    if (entry && Date.now() - entry.checkedAt <= LEASE_CHECK_MS) return Promise.resolve(entry.sessionId);
    const read = this.d.liveStreamsRepository.current(screenId).then(
      (lease) => {
        this.leases.set(screenId, { sessionId: lease?.session_id, checkedAt: Date.now() });
        return lease?.session_id;
      },
      (err) => {
        this.leases.delete(screenId);
        throw err;
      },
    );
    this.leases.set(screenId, { checkedAt: 0, read });
    return read;
  }

  private news(sessionId: string, news: LeaseNews): Promise<void> {
    return this.d.hub.publish(sessionChannel(sessionId), news);
  }

  private tellPlayer(screenId: string): Promise<void> {
    // A lease read for frames is stale now on this process; the others read it again within a second.
    this.leases.delete(screenId);
    return this.d.playerMessages.send('live_stream.session_changed', screenId, {});
  }
}
