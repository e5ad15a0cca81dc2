import type { ConsolePrincipal, Role } from '../../kernel/auth/principal.js';
import type { SourceOperation } from '../data-sources/data-sources.api.js';
import { type Capability, expand } from './workflow.js';

/**
 * The most a role holds on any form, whatever it was granted (the reference's roles: viewers only
 * read, contributors author but neither review, approve nor delete). A grant made before a
 * demotion waits, unused, until the role allows it again.
 */
const ROLE_LIMIT: Record<Role, Capability[]> = {
  owner: ['manage'],
  administrator: ['manage'],
  editor: ['manage'],
  contributor: ['submit', 'view_all'],
  viewer: ['view_all'],
};

/**
 * What a user may do on a form, by their current role. Owners and administrators manage every
 * form; its creator manages it while their role allows. A form without access entries is open by
 * role (editors manage it, contributors submit and see all, viewers see all); once it lists anyone,
 * only those listed reach it, with what they were granted. Pure.
 */
export function capabilitiesOf(
  p: Pick<ConsolePrincipal, 'userId' | 'role'>,
  createdBy: string | null,
  grants: { listed: boolean; mine: Capability[] | undefined },
): Set<Capability> {
  const managesAll = p.role === 'owner' || p.role === 'administrator';
  const granted: Capability[] = managesAll || p.userId === createdBy || !grants.listed ? ['manage'] : (grants.mine ?? []);
  const limit = expand(ROLE_LIMIT[p.role]);
  return new Set([...expand(granted)].filter((c) => limit.has(c)));
}

/**
 * What a form's capabilities allow on its data source: those who reach the form see it, those who
 * see all its records read what it holds (its records on air), its managers change and delete it.
 * Pure.
 */
export function sourceOperations(caps: ReadonlySet<Capability>): Set<SourceOperation> {
  const operations = new Set<SourceOperation>();
  if (caps.size) operations.add('view');
  if (caps.has('view_all')) operations.add('read');
  if (caps.has('manage')) operations.add('edit').add('delete');
  return operations;
}
