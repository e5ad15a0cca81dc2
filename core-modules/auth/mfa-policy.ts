import type { Role } from '../../kernel/auth/principal.js';
import type { SettingDefinition } from '../settings/settings.api.js';

export const MFA_SCOPE_KEY = 'security.mfa_required_scope';
export type MfaScope = 'none' | 'administrators' | 'all';

export const authSettings: SettingDefinition[] = [
  {
    key: MFA_SCOPE_KEY,
    category: 'security',
    type: 'enum',
    title: 'Require a second factor',
    description: 'Who must enroll a second factor (authenticator app or passkey). Users in scope without one can only reach their security page.',
    default: 'none',
    allowed: ['none', 'administrators', 'all'],
  },
];

export function mfaRequiredFor(role: Role, scope: MfaScope): boolean {
  return scope === 'all' || (scope === 'administrators' && (role === 'owner' || role === 'administrator'));
}
