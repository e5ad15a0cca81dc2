import { TableModel } from '../../kernel/db/table-model.js';
import type { ChallengeRecord } from './challenges.repository.js';
import type { PasskeyRow, RecoveryCodeRow, TotpRow } from './factors.repository.js';
import type { IntegrationTokenRow } from './integration-tokens.repository.js';
import type { OrganizationRow } from './organization.repository.js';
import type { SessionRow } from './sessions.repository.js';
import type { UserRow } from './users.repository.js';

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
