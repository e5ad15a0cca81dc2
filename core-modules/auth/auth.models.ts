import type { Role } from '../../kernel/auth/principal.js';
import { TableModel } from '../../kernel/db/table-model.js';

// The rows of the auth module's tables, and the objection models that read them.

export interface UserRow {
  id: string;
  name: string;
  username: string;
  password_hash: string;
  role: Role;
  active: boolean;
  user_handle: string;
  /** Only the preferences the user set, by key (`preference.*`). */
  preferences: Record<string, unknown>;
  preferences_revision: number;
  preferences_updated_at: Date;
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
}

export type AuthMethod = 'password' | 'totp' | 'passkey' | 'recovery_code';

/** A row of `sessions`. */
export interface SessionRow {
  id: string;
  token_hash: string;
  user_id: string;
  csrf_token: string;
  auth_method: AuthMethod;
  mfa_enrollment_pending: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  expires_at: Date;
  /** The last sign-in or re-authentication on this session. */
  authenticated_at: Date;
  last_seen_at: Date;
}

export interface TotpRow {
  user_id: string;
  /** Sealed in the table (SecretBox, bound to the user); plain here. */
  secret: string;
  confirmed_at: Date | null;
  last_used_step: number | null;
}

export interface RecoveryCodeRow {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
}

export interface PasskeyRow {
  id: string;
  user_id: string;
  name: string;
  credential_id: string;
  public_key: Buffer;
  sign_count: number;
  transports: string[];
  aaguid: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

export type ChallengePurpose = 'login' | 'passkey_login' | 'passkey_registration';

export interface ChallengeRow {
  id: string;
  purpose: ChallengePurpose;
  user_id: string | null;
  webauthn_challenge: string | null;
  failed_attempts: number;
  expires_at: Date;
}

/** What only the table holds: the hash of the token the client keeps. */
export interface ChallengeRecord extends ChallengeRow {
  token_hash: string;
}

export interface IntegrationTokenRow {
  id: string;
  name: string;
  public_id: string;
  secret_hash: string;
  scopes: string[];
  data_source_ids: string[];
  created_by: string | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface OrganizationRow {
  installation_id: string;
  name: string | null;
  pairing_enabled: boolean;
  setup_completed_at: Date | null;
}

/** The one row of `organization`: installation id, name, pairing switch. */
export class OrganizationModel extends TableModel {
  static override tableName = 'organization';
  static override idColumn = 'singleton';
}
export interface OrganizationModel extends OrganizationRow {}

/** A row of `users`: a console account. */
export class UserModel extends TableModel {
  static override tableName = 'users';
}
export interface UserModel extends UserRow {}

/** A row of `sessions`: a console session, keyed by the hash of its cookie token. */
export class SessionModel extends TableModel {
  static override tableName = 'sessions';
}
export interface SessionModel extends SessionRow {}

/** A row of `mfa_challenges`: a short-lived MFA or WebAuthn ceremony. */
export class ChallengeModel extends TableModel {
  static override tableName = 'mfa_challenges';
}
export interface ChallengeModel extends ChallengeRecord {}

/** A row of `user_totp_factors`: a user's TOTP secret, pending until confirmed. */
export class TotpFactorModel extends TableModel {
  static override tableName = 'user_totp_factors';
  static override idColumn = 'user_id';
}
export interface TotpFactorModel extends TotpRow {}

/** A row of `user_recovery_codes`: the hash of one single-use recovery code. */
export class RecoveryCodeModel extends TableModel {
  static override tableName = 'user_recovery_codes';
}
export interface RecoveryCodeModel extends RecoveryCodeRow {}

/** A row of `user_passkeys`: a WebAuthn credential of a user. */
export class PasskeyModel extends TableModel {
  static override tableName = 'user_passkeys';
}
export interface PasskeyModel extends PasskeyRow {}

/** A row of `integration_tokens`: an `svci_` token (only the hash of its secret). */
export class IntegrationTokenModel extends TableModel {
  static override tableName = 'integration_tokens';
}
export interface IntegrationTokenModel extends IntegrationTokenRow {}
