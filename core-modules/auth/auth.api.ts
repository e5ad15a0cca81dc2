// The auth module's public face.
import { exportRef } from '../../kernel/export-ref.js';

/** The installation's organization, as other modules read it. */
export interface Organization {
  installationId: string;
  name: string | null;
  pairingEnabled: boolean;
}

/** A console user as other modules show one (never credentials). */
export interface DirectoryUser {
  id: string;
  name: string;
  username: string;
  role: 'owner' | 'administrator' | 'editor' | 'contributor' | 'viewer';
  active: boolean;
}

/** Who the console users are, for pickers and names. */
export interface UserDirectory {
  /** Active users whose name or username contains `search` (any case), by name, at most `limit`. */
  search(search: string, limit: number): Promise<DirectoryUser[]>;
  /** Those of `ids` that exist, active or not. */
  byIds(ids: string[]): Promise<DirectoryUser[]>;
  /** Active users of these roles, by name. */
  withRoles(roles: DirectoryUser['role'][]): Promise<DirectoryUser[]>;
}

export interface OrganizationReader {
  get(): Promise<Organization>;
}

/** Console sessions as other modules check them (a console socket closes when its session ends). */
export interface ConsoleSessions {
  /** Those of these session ids that are still signed in (not signed out, expired or idle); checking is no use of them. */
  live(sessionIds: string[]): Promise<Set<string>>;
}

/**
 * Confirms a signed-in user's own password (a takeover asks it again when the organization says
 * so). Argon2 verification, as at sign-in: the same cost whether or not the user exists.
 */
export interface PasswordCheck {
  /** True when `password` is the active user's current one. */
  verify(userId: string, password: string): Promise<boolean>;
}

export const organizationRef = exportRef<OrganizationReader>('auth', 'organization');
export const userDirectoryRef = exportRef<UserDirectory>('auth', 'userDirectory');
export const passwordCheckRef = exportRef<PasswordCheck>('auth', 'passwordCheck');
export const consoleSessionsRef = exportRef<ConsoleSessions>('auth', 'consoleSessions');
