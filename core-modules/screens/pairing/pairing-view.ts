import { Type, type Static } from '@sinclair/typebox';
import type { PairingSessionFacts } from './pairing-sessions.repository.js';
import { Uuid, Stamp } from '../../../kernel/http/wire.js';

const DeviceText = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });

/**
 * What a player says about itself when it asks to pair. The names are the player's (the Linux
 * player puts its OS release in `androidVersion`). Unknown fields are tolerated and not stored, so
 * a newer player can still pair.
 */
export const DeviceMetadataSchema = Type.Object(
  {
    playerInstallationId: Uuid,
    platform: DeviceText,
    manufacturer: DeviceText,
    model: DeviceText,
    androidVersion: DeviceText,
    playerVersion: DeviceText,
    screenWidth: Type.Integer({ minimum: 1, maximum: 16384 }),
    screenHeight: Type.Integer({ minimum: 1, maximum: 16384 }),
    density: Type.Number({ minimum: 0.5, maximum: 10 }),
    locale: DeviceText,
    timezone: DeviceText,
    approximateAddress: Type.Optional(Type.String({ maxLength: 120, description: 'Ignored: the server records the address the request came from.' })),
  },
  { additionalProperties: true },
);
export type DeviceMetadata = Omit<Static<typeof DeviceMetadataSchema>, 'approximateAddress'> & { approximateAddress?: string };

/** What a pairing request says about the device, as the screen's device columns. */
export function deviceColumns(m: DeviceMetadata) {
  return {
    platform: m.platform,
    manufacturer: m.manufacturer,
    model: m.model,
    os_version: m.androidVersion,
    player_version: m.playerVersion,
    screen_width: m.screenWidth,
    screen_height: m.screenHeight,
    density: m.density,
    locale: m.locale,
    timezone: m.timezone,
  };
}

export const METADATA_FIELDS = [
  'playerInstallationId',
  'platform',
  'manufacturer',
  'model',
  'androidVersion',
  'playerVersion',
  'screenWidth',
  'screenHeight',
  'density',
  'locale',
  'timezone',
] as const;

export const PairingCreatedSchema = Type.Object({
  id: Uuid,
  code: Type.String({ description: 'Six characters to show on the screen; the console accepts it in any case, with dashes or spaces.' }),
  pollSecret: Type.String({ description: 'Shown once. Poll with `Authorization: Pairing <pollSecret>`.' }),
  expiresAt: Stamp,
  serverTime: Stamp,
  pollingIntervalSeconds: Type.Integer(),
  approvalUrl: Type.String(),
  organizationName: Type.String(),
});

export const PAIRING_STATUSES = ['pending', 'approved', 'claimed', 'rejected', 'expired', 'cancelled'] as const;
const PairingStatusSchema = Type.Union(PAIRING_STATUSES.map((s) => Type.Literal(s)));

export const PollResultSchema = Type.Object({
  status: PairingStatusSchema,
  expiresAt: Stamp,
  screenId: Type.Optional(Uuid),
  enrollmentToken: Type.Optional(Type.String({ description: 'Only in the first answer after approval (status `claimed`).' })),
  failureReason: Type.Optional(Type.String()),
});
export type PollResult = Static<typeof PollResultSchema>;

export const PairingRequestSchema = Type.Object({
  id: Uuid,
  status: PairingStatusSchema,
  metadata: Type.Object({
    playerInstallationId: Type.String(),
    platform: Type.String(),
    manufacturer: Type.String(),
    model: Type.String(),
    androidVersion: Type.String(),
    playerVersion: Type.String(),
    screenWidth: Type.Integer(),
    screenHeight: Type.Integer(),
    density: Type.Number(),
    locale: Type.String(),
    timezone: Type.String(),
    approximateAddress: Type.Optional(
      Type.String({ description: 'The address the player asked from; left out for roles that may not pair screens (below administrator).' }),
    ),
  }),
  createdAt: Stamp,
  expiresAt: Stamp,
  previouslyPaired: Type.Boolean({ description: 'This player installation already has a screen here: approving repairs that screen.' }),
  existingScreenId: Type.Optional(Uuid),
  existingScreenName: Type.Optional(Type.String()),
  hasActiveCredential: Type.Boolean({ description: 'The existing screen still has a working credential: approval must say replaceExistingCredential.' }),
  credentialReplacementAuthorized: Type.Boolean(),
  pairingMode: Type.Union([Type.Literal('new_screen'), Type.Literal('credential_repair'), Type.Literal('hardware_replacement')]),
});
export type PairingRequest = Static<typeof PairingRequestSchema>;

export interface ExistingScreen {
  id: string;
  name: string;
  has_active_credential: boolean;
}

/** `mayPair`: the caller may approve the request, and so may see where the player is (its IP address). */
export function pairingRequestView(s: PairingSessionFacts, existing: ExistingScreen | undefined, mayPair: boolean): PairingRequest {
  // The address is the one the server recorded, never what the player claimed.
  const { approximateAddress: _claimed, ...metadata } = s.metadata;
  return {
    id: s.id,
    status: s.status,
    metadata: { ...metadata, ...(mayPair && s.approximate_address ? { approximateAddress: s.approximate_address } : {}) },
    createdAt: s.created_at.toISOString(),
    expiresAt: s.expires_at.toISOString(),
    previouslyPaired: Boolean(existing),
    ...(existing ? { existingScreenId: existing.id, existingScreenName: existing.name } : {}),
    hasActiveCredential: existing?.has_active_credential ?? false,
    credentialReplacementAuthorized: s.replace_existing_credential,
    pairingMode: s.pairing_mode ?? (existing ? 'credential_repair' : 'new_screen'),
  };
}
