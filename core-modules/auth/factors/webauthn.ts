// The thin layer over @simplewebauthn/server: this server's relying party and its ceremony rules
// (resident key and user verification required, no attestation), kept out of the services.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { Type } from '@sinclair/typebox';
import { conflict, unauthenticated } from '../../../kernel/errors.js';
import type { AuthConfig } from '../auth-config.js';
import type { PasskeyRow, UserRow } from '../auth.models.js';

export interface RelyingParty {
  id: string;
  origins: string[];
}

const RP_NAME = 'signage-server';

/** Largest accepted passkey request body: attestation objects are small, but not tiny. */
export const PASSKEY_BODY_LIMIT = 64 * 1024;

// Browsers send PublicKeyCredential.toJSON(); the library checks the inner fields, so only the
// shape the routes rely on is declared and the rest passes through.
const open = { additionalProperties: true };
// Field limits sum to less than the body limit, so a body the schema allows is never refused as too large.
const b64 = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const CLIENT_DATA = b64(8 * 1024);
const credentialFields = {
  id: Type.String({ minLength: 1, maxLength: 1400 }),
  rawId: Type.String({ minLength: 1, maxLength: 1400 }),
  type: Type.Literal('public-key'),
  clientExtensionResults: Type.Optional(Type.Object({}, open)),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
};
export const RegistrationCredentialSchema = Type.Object(
  {
    ...credentialFields,
    response: Type.Object(
      {
        clientDataJSON: CLIENT_DATA,
        attestationObject: b64(48 * 1024),
        transports: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
      },
      open,
    ),
  },
  open,
);
export const AssertionCredentialSchema = Type.Object(
  {
    ...credentialFields,
    response: Type.Object(
      { clientDataJSON: CLIENT_DATA, authenticatorData: b64(16 * 1024), signature: b64(4 * 1024), userHandle: Type.Optional(Type.String({ maxLength: 200 })) },
      open,
    ),
  },
  open,
);

/** The options object handed to navigator.credentials.create/get, passed through as the library builds it. */
export const CeremonyOptionsSchema = Type.Record(Type.String(), Type.Unknown());

export function relyingPartyOf(config: AuthConfig): RelyingParty {
  const rp = config.relyingParty;
  if ('unavailable' in rp) throw conflict('passkeys_unavailable', `Passkeys are not available on this server: ${rp.unavailable}.`);
  return rp;
}

export const passkeyRejected = () => unauthenticated('passkey_rejected', 'The passkey was not accepted; try again or use another sign-in method.');

/** The WebAuthn user id: the stable, meaningless user handle (never the database id or username). */
const userId = (user: Pick<UserRow, 'user_handle'>) => new TextEncoder().encode(user.user_handle);

export function registrationOptions(rp: RelyingParty, user: UserRow, existing: PasskeyRow[]): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.name,
    userID: userId(user),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
}

export type VerifiedPasskey = Pick<PasskeyRow, 'credential_id' | 'public_key' | 'sign_count' | 'transports' | 'aaguid'>;

/** The new credential, or undefined when the attestation does not verify (wrong challenge, origin, rp, no UV, ...). */
export async function verifyRegistration(rp: RelyingParty, expectedChallenge: string, credential: unknown): Promise<VerifiedPasskey | undefined> {
  const response = { clientExtensionResults: {}, ...(credential as object) } as RegistrationResponseJSON;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserPresence: true,
      requireUserVerification: true,
    });
    if (!result.verified) return undefined;
    const { credential: c, aaguid } = result.registrationInfo;
    return {
      credential_id: c.id,
      public_key: Buffer.from(c.publicKey),
      sign_count: c.counter,
      transports: (c.transports ?? response.response.transports ?? []).slice(0, 10),
      aaguid,
    };
  } catch {
    return undefined;
  }
}

/** `allow` names the credentials a known user may answer with; omitted, any discoverable passkey may answer. */
export function authenticationOptions(rp: RelyingParty, allow?: PasskeyRow[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    ...(allow ? { allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: p.transports })) } : {}),
  });
}

/** The credential id an assertion claims (not yet verified). */
export const assertedCredentialId = (credential: unknown) => String((credential as { id?: unknown }).id ?? '');

/** Whether the assertion's user handle, when the authenticator sends one, names `user`. */
export function userHandleMatches(credential: unknown, user: Pick<UserRow, 'user_handle'>): boolean {
  const handle = (credential as AuthenticationResponseJSON).response?.userHandle;
  return !handle || Buffer.from(handle, 'base64url').toString('utf8') === user.user_handle;
}

/** The new signature counter, or undefined when the assertion does not verify for `passkey`. */
export async function verifyAssertion(rp: RelyingParty, expectedChallenge: string, credential: unknown, passkey: PasskeyRow): Promise<number | undefined> {
  try {
    const result = await verifyAuthenticationResponse({
      response: { clientExtensionResults: {}, ...(credential as object) } as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: passkey.sign_count,
        transports: passkey.transports as never,
      },
      requireUserVerification: true,
    });
    return result.verified ? result.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}
