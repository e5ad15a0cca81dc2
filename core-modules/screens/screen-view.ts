import { CloneType, Type, type Static } from '@sinclair/typebox';
import type { PlayerHistoryRow } from './player-history.repository.js';
import type { ScreenFactsRow } from './screens.repository.js';
import { SCREEN_STATUSES, latest, screenStatus } from './screen-status.js';
import { Nullable, Uuid, isoOrNull, present, Stamp } from '../../kernel/http/wire.js';

export const ScreenStatusSchema = Type.Union(
  SCREEN_STATUSES.map((s) => Type.Literal(s)),
  {
    description:
      'First match wins: disabled, revoked (no working credential), online (socket open on any server process), recent (contact within 2 min), stale (within 15 min), offline.',
  },
);

// Times and facts not known yet are left out rather than null, as the reference's console reads them.
const Opt = Type.Optional;

export const ScreenSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  location: Type.String({ description: 'The name of the screen’s location; empty when it has none.' }),
  locationId: Opt(Uuid),
  roomName: Type.String(),
  roomNumber: Type.String(),
  platform: Type.String(),
  deviceManufacturer: Type.String(),
  deviceModel: Type.String(),
  androidVersion: Type.String({ description: 'The operating system’s version as the player reports it (a Linux player its OS release).' }),
  playerVersion: Type.String(),
  playerVersionCode: Opt(Type.Integer()),
  screenWidth: Type.Integer({ description: '0 until the player reports it.' }),
  screenHeight: Type.Integer({ description: '0 until the player reports it.' }),
  density: Type.Number({ description: '0 until the player reports it.' }),
  locale: Type.String(),
  timezone: Type.String(),
  enabled: Type.Boolean(),
  pairedAt: CloneType(Stamp, { description: 'When it was paired (when it was created, for a screen paired before this was kept).' }),
  lastHeartbeatAt: Opt(Stamp),
  lastContactAt: Opt(Stamp),
  lastConnectedAt: Opt(Stamp),
  lastDisconnectedAt: Opt(Stamp),
  lastKnownIp: Opt(Type.String()),
  uptimeSeconds: Opt(Type.Integer()),
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
    location: r.location_name ?? '',
    roomName: r.room_name,
    roomNumber: r.room_number,
    platform: r.platform,
    deviceManufacturer: r.manufacturer,
    deviceModel: r.model,
    androidVersion: r.os_version,
    playerVersion: r.player_version,
    screenWidth: r.screen_width ?? 0,
    screenHeight: r.screen_height ?? 0,
    density: r.density ?? 0,
    locale: r.locale,
    timezone: r.timezone,
    enabled: r.enabled,
    pairedAt: (r.paired_at ?? r.created_at).toISOString(),
    ...present({
      locationId: r.location_id,
      playerVersionCode: r.player_version_code,
      lastHeartbeatAt: r.last_heartbeat_at?.toISOString(),
      lastContactAt: lastContactAt?.toISOString(),
      lastConnectedAt: r.last_connected_at?.toISOString(),
      lastDisconnectedAt: r.last_disconnected_at?.toISOString(),
      lastKnownIp: r.last_known_ip,
      uptimeSeconds: r.uptime_seconds === null ? null : Number(r.uptime_seconds),
    }),
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
  credentialId: Opt(Uuid),
  pairingMode: Type.String(),
  installationId: CloneType(Uuid, { description: 'The player installation’s id.' }),
  platform: Type.String(),
  manufacturer: Type.String(),
  model: Type.String(),
  androidVersion: Type.String(),
  playerVersion: Type.String(),
  screenWidth: Type.Integer({ description: '0 when not reported.' }),
  screenHeight: Type.Integer({ description: '0 when not reported.' }),
  density: Type.Number({ description: '0 when not reported.' }),
  locale: Type.String(),
  timezone: Type.String(),
  pairedAt: Stamp,
  retiredAt: Opt(Stamp),
  retirementReason: Opt(Type.String()),
});

export function playerHistoryView(r: PlayerHistoryRow): Static<typeof PlayerHistorySchema> {
  return {
    id: r.id,
    screenId: r.screen_id,
    pairingMode: r.pairing_mode,
    installationId: r.player_installation_id,
    platform: r.platform,
    manufacturer: r.manufacturer,
    model: r.model,
    androidVersion: r.os_version,
    playerVersion: r.player_version,
    screenWidth: r.screen_width ?? 0,
    screenHeight: r.screen_height ?? 0,
    density: r.density ?? 0,
    locale: r.locale,
    timezone: r.timezone,
    pairedAt: r.paired_at.toISOString(),
    ...present({ credentialId: r.credential_id, retiredAt: r.retired_at?.toISOString(), retirementReason: r.retirement_reason }),
  };
}
