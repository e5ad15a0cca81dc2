import type { AuthMethod, UserRow } from '../auth.models.js';

// What a sign-in step yields, in a file of its own: the session and device replies read it without importing the service.

export type LoginMethod = 'totp' | 'passkey' | 'recovery_code';

/** A sign-in that may start a session: who, how, and whether they still owe a factor. */
export interface SignIn {
  user: UserRow;
  authMethod: AuthMethod;
  mfaEnrollmentPending: boolean;
}

export type LoginResult = ({ kind: 'session' } & SignIn) | { kind: 'challenge'; challengeToken: string; methods: LoginMethod[] };
