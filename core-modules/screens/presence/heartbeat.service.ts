import type { PlayerPrincipal } from '../../../kernel/auth/principal.js';
import { AppError } from '../../../kernel/errors.js';
import { inputValidator } from '../../../kernel/http/validation.js';
import type { HeartbeatFacts } from './contact-buffer.js';
import { HeartbeatSchema, PLAYBACK_ID_FIELDS } from './heartbeat-schema.js';
import { measuredOffset, reportedOffset } from './clock-offset.js';
import type { ScreensCacheDeps } from '../screens-cache-deps.js';

type Deps = Pick<ScreensCacheDeps, 'contactBuffer' | 'heartbeatExtensions' | 'pluginInstallations' | 'logger'>;

/** `accepted` and `ignoredFields`, and the fields heartbeat extensions answer. */
export interface HeartbeatAck {
  accepted: true;
  ignoredFields?: string[];
  [extensionField: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Past this, only the declared fields are kept in the stored copy: the row stays small.
const MAX_STORED_BYTES = 64 * 1024;
const DECLARED = new Set(Object.keys(HeartbeatSchema.properties));

// The socket's `player.status` carries the same payload as the HTTP heartbeat, checked the same way.
const validateSocketPayload = inputValidator('body', HeartbeatSchema);

const present = (v: unknown) => v !== undefined && v !== null;
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const dimension = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 16384 ? v : undefined);

/**
 * Heartbeats and liveness from players. Nothing here writes a row: contact is handed to the
 * ContactBuffer, which writes the whole fleet's in one statement every couple of seconds.
 */
export class HeartbeatService {
  constructor(private readonly d: Deps) {}

  /** POST /player/heartbeat: also hands the parts other modules take (noise history) to them, and adds their answer fields. */
  async acceptWithExtensions(principal: PlayerPrincipal, body: Record<string, unknown>, ip: string | undefined, bytes?: number): Promise<HeartbeatAck> {
    const ack = this.accept(principal, body, ip, bytes);
    const extra = await this.d.heartbeatExtensions.run(principal.screenId, body, (plugin) => this.d.pluginInstallations.isInstalled(plugin));
    return { ...ack, ...extra };
  }

  /** The body already matches HeartbeatSchema. `bytes`: its size, when known. */
  accept(principal: PlayerPrincipal, body: Record<string, unknown>, ip: string | undefined, bytes?: number): HeartbeatAck {
    const ignoredFields = PLAYBACK_ID_FIELDS.filter((f) => present(body[f]) && !UUID.test(String(body[f])));
    const payload = ignoredFields.length ? Object.fromEntries(Object.entries(body).filter(([k]) => !ignoredFields.includes(k as never))) : body;
    if (ignoredFields.length) this.d.logger.warn({ screenId: principal.screenId, ignoredFields }, 'malformed playback identifiers dropped from a heartbeat');
    this.d.contactBuffer.heartbeat(principal.screenId, ip, facts(payload, bytes));
    const offset = reportedOffset(payload.deviceClockOffsetSeconds, new Date());
    if (offset) this.d.contactBuffer.clock(principal.screenId, offset);
    return ignoredFields.length ? { accepted: true, ignoredFields } : { accepted: true };
  }

  /** POST /player/liveness: contact only, never a partial status that could overwrite the real one. */
  liveness(principal: PlayerPrincipal, ip: string | undefined): { accepted: true } {
    this.d.contactBuffer.contact(principal.screenId, ip);
    return { accepted: true };
  }

  /** Any socket traffic is contact. */
  socketActivity(principal: PlayerPrincipal, ip: string | undefined): void {
    this.d.contactBuffer.contact(principal.screenId, ip);
  }

  /** A socket message carrying the player's clock (`timestamp` of player.pong or player.hello), received at `receivedAt`. */
  socketClock(principal: PlayerPrincipal, timestamp: unknown, receivedAt: Date): void {
    const offset = measuredOffset(timestamp, receivedAt);
    if (offset) this.d.contactBuffer.clock(principal.screenId, offset);
  }

  /**
   * `player.status` over the socket. The message itself already counted as contact; an invalid
   * payload is logged (field names only) and otherwise dropped, so one bad field in a newer
   * player's report never makes a live screen look silent.
   */
  acceptFromSocket(principal: PlayerPrincipal, payload: unknown, ip: string | undefined, bytes?: number): void {
    try {
      validateSocketPayload(payload);
      const body = payload as Record<string, unknown>;
      this.accept(principal, body, ip, bytes);
      this.d.heartbeatExtensions
        .run(principal.screenId, body, (plugin) => this.d.pluginInstallations.isInstalled(plugin), true)
        .catch((err) => this.d.logger.warn({ err, screenId: principal.screenId }, 'a player status over the socket was not handed on'));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const fields = (err.details as { fields?: { field: string }[] } | undefined)?.fields?.map((f) => f.field).slice(0, 8);
      this.d.logger.warn({ screenId: principal.screenId, code: err.code, fields }, 'player status over the socket was not accepted; contact recorded');
    }
  }
}

/** The copy to store and the columns a heartbeat refreshes. */
function facts(payload: Record<string, unknown>, bytes: number | undefined): HeartbeatFacts {
  // History buckets are for the noise-meter plugin to store, not part of the screen's current state.
  const noiseMeter = payload.noiseMeter as Record<string, unknown> | null | undefined;
  let stored = noiseMeter?.pendingHistory === undefined ? payload : { ...payload, noiseMeter: { ...noiseMeter, pendingHistory: undefined } };
  // The request size bounds the stored size; only an unknown or large one needs measuring.
  if ((bytes === undefined || bytes > MAX_STORED_BYTES) && JSON.stringify(stored).length > MAX_STORED_BYTES) {
    stored = Object.fromEntries(Object.entries(stored).filter(([k]) => DECLARED.has(k)));
  }
  const uptime = num(payload.uptimeSeconds);
  const versionCode = num(payload.playerVersionCode);
  return {
    payload: stored,
    playerVersion: str(payload.playerVersion),
    playerVersionCode: versionCode !== undefined && versionCode <= 2_147_483_647 ? versionCode : undefined,
    screenWidth: dimension(payload.screenWidth),
    screenHeight: dimension(payload.screenHeight),
    locale: str(payload.locale),
    timezone: str(payload.timezone),
    uptimeSeconds: uptime === undefined ? undefined : Math.floor(uptime),
  };
}
