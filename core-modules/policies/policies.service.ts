import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { conflict, validationFailed } from '../../kernel/errors.js';
import { type ConfigOverrides, POLICY_KEYS } from '../player/player.api.js';
import { groupNotFound } from '../screen-groups/screen-groups.api.js';
import type { SettingValue } from '../settings/settings.api.js';
import { policyDocument, type PolicySource } from './policy-view.js';
import type { PolicyScope } from './policies.models.js';
import type { PoliciesBaseDeps } from './policies-base-deps.js';

type Deps = Pick<PoliciesBaseDeps, 'policiesRepository' | 'settingsService' | 'screensService' | 'screenGroups' | 'playerConfig' | 'auditLog'>;

const stale = () => conflict('settings_revision_conflict', 'The policy changed since you read it; reload and try again.');

/**
 * Player policies: a screen group's and a screen's values over the organization's, for the
 * settings players follow. The effective value of each is the screen's, else its group's, else the
 * organization's, else the built-in default; the player config is built from it and every change
 * reaches exactly the screens it affects as `config.changed`.
 */
export class PoliciesService implements ConfigOverrides {
  constructor(private readonly d: Deps) {}

  async get(scope: PolicyScope, id: string) {
    await this.exists(scope, id);
    return policyDocument(await this.d.policiesRepository.get(scope, id));
  }

  async put(
    actor: ConsolePrincipal,
    scope: PolicyScope,
    id: string,
    body: { revision: number; priority?: number; values: Record<string, unknown> },
    ip: string,
  ) {
    await this.exists(scope, id);
    const problem = this.d.settingsService.policyIssues(body.values);
    if (problem) throw validationFailed('Some policy values are not accepted.', problem.issues, problem.code);
    const revision = await this.d.policiesRepository.save(scope, id, body.revision, body.values, body.priority ?? 0, actor.userId);
    if (revision === undefined) throw stale();
    await this.d.auditLog.record({
      action: `policy.${scope}_changed`,
      actor,
      ip,
      resourceType: scope === 'screen' ? 'screen' : 'screen_group',
      resourceId: id,
      metadata: { keys: Object.keys(body.values), revision },
    });
    await this.d.playerConfig.refresh(await this.screensOf(scope, id));
    return this.get(scope, id);
  }

  async delete(actor: ConsolePrincipal, scope: PolicyScope, id: string, ip: string): Promise<void> {
    await this.exists(scope, id);
    if (!(await this.d.policiesRepository.delete(scope, id))) return;
    await this.d.auditLog.record({ action: `policy.${scope}_reset`, actor, ip, resourceType: scope === 'screen' ? 'screen' : 'screen_group', resourceId: id });
    await this.d.playerConfig.refresh(await this.screensOf(scope, id));
  }

  /** Each policy setting's value for the screen, and where it comes from. */
  async effective(screenId: string) {
    await this.d.screensService.get(screenId); // 404 screen_not_found
    const groupId = (await this.d.screenGroups.groupsOf([screenId])).get(screenId);
    const [organization, defaults, screenPolicy, groupPolicy, groupName, configRevision] = await Promise.all([
      this.d.settingsService.explicit(POLICY_KEYS),
      this.d.settingsService.values(POLICY_KEYS),
      this.d.policiesRepository.get('screen', screenId),
      groupId ? this.d.policiesRepository.get('group', groupId) : undefined,
      groupId ? this.d.screenGroups.namesOf([groupId]).then((names) => names.get(groupId)) : undefined,
      this.d.playerConfig.revision(screenId),
    ]);
    const values: Record<string, { value: unknown; source: PolicySource; sourceId?: string; sourceName?: string }> = {};
    for (const key of POLICY_KEYS) {
      if (screenPolicy && key in screenPolicy.values) values[key] = { value: screenPolicy.values[key], source: 'screen', sourceId: screenId };
      else if (groupPolicy && key in groupPolicy.values)
        values[key] = { value: groupPolicy.values[key], source: 'group', sourceId: groupId!, ...(groupName ? { sourceName: groupName } : {}) };
      else if (key in organization.values) values[key] = { value: organization.values[key], source: 'organization' };
      else values[key] = { value: defaults[key], source: 'built_in' };
    }
    return {
      values,
      organizationRevision: organization.revision,
      groupRevisions: groupPolicy ? { [groupId!]: groupPolicy.revision } : {},
      screenRevision: screenPolicy?.revision ?? 0,
      configRevision,
    };
  }

  /** For the player config: the values each screen's group and own policy set (the screen's winning). */
  async valuesFor(screenIds?: string[]): Promise<Map<string, Record<string, SettingValue>>> {
    const ids = screenIds ?? (await this.d.screensService.ids());
    const groupOf = await this.d.screenGroups.groupsOf(ids);
    const [groupPolicies, screenPolicies] = await Promise.all([
      this.d.policiesRepository.of('group', [...new Set(groupOf.values())]),
      this.d.policiesRepository.of('screen', ids),
    ]);
    const byGroup = new Map(groupPolicies.map((p) => [p.target_id, p.values]));
    const byScreen = new Map(screenPolicies.map((p) => [p.target_id, p.values]));
    const result = new Map<string, Record<string, SettingValue>>();
    for (const id of ids) {
      const group = groupOf.has(id) ? byGroup.get(groupOf.get(id)!) : undefined;
      const own = byScreen.get(id);
      if (group || own) result.set(id, this.valid({ ...group, ...own }));
    }
    return result;
  }

  /** After a screen joined or left a group: its configuration follows. */
  moved(screenId: string): Promise<void> {
    return this.d.playerConfig.refresh([screenId]);
  }

  // A stored value a later definition no longer accepts falls back to the organization's.
  private valid(values: Record<string, unknown>): Record<string, SettingValue> {
    return Object.fromEntries(Object.entries(values).filter(([key, value]) => !this.d.settingsService.policyIssues({ [key]: value }))) as Record<
      string,
      SettingValue
    >;
  }

  private async screensOf(scope: PolicyScope, id: string): Promise<string[]> {
    return scope === 'screen' ? [id] : ((await this.d.screenGroups.membersOf([id])).get(id) ?? []);
  }

  private async exists(scope: PolicyScope, id: string): Promise<void> {
    if (scope === 'screen')
      await this.d.screensService.get(id); // 404 screen_not_found
    else if (!(await this.d.screenGroups.existing([id])).length) throw groupNotFound();
  }
}
