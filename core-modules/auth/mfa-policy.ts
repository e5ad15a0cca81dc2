import type { Role } from '../../kernel/auth/principal.js';
import type { SettingDefinition, OrganizationSettings } from '../settings/settings.api.js';

export const MFA_SCOPE_KEY = 'security.mfa_required_scope';
export type MfaScope = 'none' | 'administrators' | 'all';
export const SESSION_IDLE_KEY = 'security.session_idle_timeout_minutes';

export const authSettings: SettingDefinition[] = [
  {
    key: MFA_SCOPE_KEY,
    category: 'security',
    type: 'enum',
    title: 'Require a second factor',
    description: 'Who must enroll a second factor (authenticator app or passkey). Users in scope without one can only reach their security page.',
    default: 'none',
    allowed: ['none', 'administrators', 'all'],
    // Checked on every request, so signed-in users in scope are held to it at once.
    immediate: true,
  },
  {
    key: SESSION_IDLE_KEY,
    category: 'security',
    type: 'integer',
    title: 'Sign out after inactivity (minutes)',
    description:
      'A console session not used for this long ends, on every server process; any request counts as use. Sessions still end at their fixed lifetime (SESSION_TTL_MINUTES) however active.',
    default: 30,
    min: 5,
    max: 1440,
    immediate: true,
  },
];

export function mfaRequiredFor(role: Role, scope: MfaScope): boolean {
  return scope === 'all' || (scope === 'administrators' && (role === 'owner' || role === 'administrator'));
}

export async function idleTimeoutSeconds(settings: OrganizationSettings): Promise<number> {
  return (await settings.get<number>(SESSION_IDLE_KEY)) * 60;
}
