import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { type Capability, expand } from './workflow.js';

/**
 * What a user may do on a form. Administrators, owners and the form's creator manage it. A form
 * without access entries is open by role: editors manage it, contributors submit (and see all),
 * viewers see all. Once a form lists anyone, only those listed reach it, with what they were
 * granted. Pure.
 */
export function capabilitiesOf(
  p: Pick<ConsolePrincipal, 'userId' | 'role'>,
  createdBy: string | null,
  grants: { listed: boolean; mine: Capability[] | undefined },
): Set<Capability> {
  if (p.role === 'owner' || p.role === 'administrator' || p.userId === createdBy) return expand(['manage']);
  if (grants.listed) return expand(grants.mine ?? []);
  if (p.role === 'editor') return expand(['manage']);
  if (p.role === 'contributor') return expand(['submit', 'view_all']);
  return expand(['view_all']);
}
