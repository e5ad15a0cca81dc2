import { CloneType, Type, type Static } from '@sinclair/typebox';
import type { PlayerHistoryRow } from './player-history.repository.js';
import type { ScreenFactsRow } from './screens.repository.js';
import { SCREEN_STATUSES, latest, screenStatus } from './screen-status.js';
import { Nullable, Uuid, isoOrNull, Stamp } from '../../kernel/http/wire.js';

const Time = () => Nullable(Stamp);

export const ScreenStatusSchema = Type.Union(
  SCREEN_STATUSES.map((s) => Type.Literal(s)),
  {
    description:
      'First match wins: disabled, revoked (no working credential), online (socket open on any server process), recent (contact within 2 min), stale (within 15 min), offline.',
  },
);

export const ScreenSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  locationId: Nullable(Uuid),
  location: Nullable(Type.Object({ id: Uuid, name: Type.String() })),
  roomName: Type.String(),
  roomNumber: Type.String(),
  platform: Type.String(),
  manufacturer: Type.String(),
  model: Type.String(),
  osVersion: Type.String(),
  playerVersion: Type.String(),
  playerVersionCode: Nullable(Type.Integer()),
  screenWidth: Nullable(Type.Integer()),
  screenHeight: Nullable(Type.Integer()),
  density: Nullable(Type.Number()),
  locale: Type.String(),
  timezone: Type.String(),
  enabled: Type.Boolean(),
  pairedAt: Time(),
  lastHeartbeatAt: Time(),
  lastContactAt: Time(),
  lastConnectedAt: Time(),
  lastDisconnectedAt: Time(),
  lastKnownIp: Nullable(Type.String()),
  uptimeSeconds: Nullable(Type.Integer()),
  deviceClockOffsetSeconds: Nullable(
    Type.Integer({
      description:
        'Seconds the server’s clock is ahead of the player’s (negative: the player’s runs fast), as last measured: by the server from the ' +
        '`timestamp` of the socket’s player.pong or player.hello (which includes the network delay, up to a few seconds), else as the player ' +
        'reported it in a heartbeat. Null until measured. The player’s activity events and telemetry are moved onto the server’s clock by it ' +
        'when it is at least 5 seconds and at most 24 hours.',
    }),
  ),
  deviceClockOffsetMeasuredAt: Nullable(CloneType(Stamp, { description: 'When deviceClockOffsetSeconds was measured or reported.' })),
  clockSkewWarningSeconds: Type.Integer({ description: 'The server’s CLOCK_SKEW_WARNING_SECONDS (default 300).' }),
  clockSkewWarning: Type.Boolean({
    description: 'The player’s clock is more than clockSkewWarningSeconds off: schedules it evaluates offline may change at the wrong time.',
  }),
  status: ScreenStatusSchema,
  hasActiveCredential: Type.Boolean(),
  createdAt: Stamp,
  updatedAt: Stamp,
});
export type ScreenView = Static<typeof ScreenSchema>;

/** `pendingContactAt`: contact this process has recorded but not yet written (see ContactBuffer). */
export function screenView(r: ScreenFactsRow, clockSkewWarningSeconds: number, pendingContactAt?: Date, now = Date.now()): ScreenView {
  const lastContactAt = latest(r.last_contact_at, pendingContactAt);
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    locationId: r.location_id,
    location: r.location_id ? { id: r.location_id, name: r.location_name ?? '' } : null,
    roomName: r.room_name,
    roomNumber: r.room_number,
    platform: r.platform,
    manufacturer: r.manufacturer,
    model: r.model,
    osVersion: r.os_version,
    playerVersion: r.player_version,
    playerVersionCode: r.player_version_code,
    screenWidth: r.screen_width,
    screenHeight: r.screen_height,
    density: r.density,
    locale: r.locale,
    timezone: r.timezone,
    enabled: r.enabled,
    pairedAt: isoOrNull(r.paired_at),
    lastHeartbeatAt: isoOrNull(r.last_heartbeat_at),
    lastContactAt: isoOrNull(lastContactAt),
    lastConnectedAt: isoOrNull(r.last_connected_at),
    lastDisconnectedAt: isoOrNull(r.last_disconnected_at),
    lastKnownIp: r.last_known_ip,
    uptimeSeconds: r.uptime_seconds === null ? null : Number(r.uptime_seconds),
    deviceClockOffsetSeconds: r.clock_offset_seconds,
    deviceClockOffsetMeasuredAt: isoOrNull(r.clock_offset_at),
    clockSkewWarningSeconds,
    clockSkewWarning: Math.abs(r.clock_offset_seconds ?? 0) > clockSkewWarningSeconds,
    status: screenStatus({ enabled: r.enabled, hasActiveCredential: r.has_active_credential, online: r.online, lastContactAt }, now),
    hasActiveCredential: r.has_active_credential,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

export const PlayerHistorySchema = Type.Object({
  id: Uuid,
  screenId: Uuid,
  credentialId: Nullable(Uuid),
  pairingMode: Type.String(),
  playerInstallationId: Uuid,
  platform: Type.String(),
  manufacturer: Type.String(),
  model: Type.String(),
  osVersion: Type.String(),
  playerVersion: Type.String(),
  screenWidth: Nullable(Type.Integer()),
  screenHeight: Nullable(Type.Integer()),
  density: Nullable(Type.Number()),
  locale: Type.String(),
  timezone: Type.String(),
  pairedAt: Stamp,
  retiredAt: Time(),
  retirementReason: Nullable(Type.String()),
});

export function playerHistoryView(r: PlayerHistoryRow): Static<typeof PlayerHistorySchema> {
  return {
    id: r.id,
    screenId: r.screen_id,
    credentialId: r.credential_id,
    pairingMode: r.pairing_mode,
    playerInstallationId: r.player_installation_id,
    platform: r.platform,
    manufacturer: r.manufacturer,
    model: r.model,
    osVersion: r.os_version,
    playerVersion: r.player_version,
    screenWidth: r.screen_width,
    screenHeight: r.screen_height,
    density: r.density,
    locale: r.locale,
    timezone: r.timezone,
    pairedAt: r.paired_at.toISOString(),
    retiredAt: isoOrNull(r.retired_at),
    retirementReason: r.retirement_reason,
  };
}
