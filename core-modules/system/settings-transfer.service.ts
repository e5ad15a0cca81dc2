import type { Static } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { AppError, conflict, invalidInput, type ValidationIssue, validationFailed } from '../../kernel/errors.js';
import { inputValidator } from '../../kernel/http/validation.js';
import type { PolicyEntry, PolicyScope } from '../policies/policies.api.js';
import type { SettingValue } from '../settings/settings.api.js';
import { type ImportPreviewSchema, type SettingsExportSchema, SettingsImportSchema, TRANSFER_SCHEMA_VERSION } from './settings-transfer-view.js';
import type { SystemDeps } from './system-deps.js';
import { SIGNAGE_VERSION } from '../../kernel/signage-version.js';

type Deps = Pick<SystemDeps, 'db' | 'auditLog' | 'settingsService' | 'playerPolicies' | 'playerConfig' | 'screenGroups' | 'screensService'>;
type ImportDocument = Static<typeof SettingsImportSchema>;
type Preview = Static<typeof ImportPreviewSchema>;
type Revisions = Preview['currentRevisions'];

/** What an import would do here: computed by preview, and again by apply. */
interface Plan {
  preview: Preview;
  organization: Record<string, SettingValue>;
  policies: PolicyEntry[];
}

const invalid = (message: string, issues: ValidationIssue[] = []) => validationFailed(message, issues, 'settings_import_invalid');
const stale = () => conflict('settings_revision_conflict', 'The settings or a policy changed since the preview; preview again and apply.');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const checkShape = inputValidator('body', SettingsImportSchema);

/**
 * Settings export and import (the reference's settings transfer): the organization's values and
 * every group and screen policy, never a secret. An import applies all of it or nothing.
 */
export class SettingsTransferService {
  constructor(private readonly d: Deps) {}

  async export(): Promise<Static<typeof SettingsExportSchema>> {
    const [organization, groups, screens] = await Promise.all([
      this.d.settingsService.transferable(),
      this.d.playerPolicies.all('group'),
      this.d.playerPolicies.all('screen'),
    ]);
    // A policy holds only keys the organization has too: a key missing there is a secret (or no longer defined).
    const shown = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([key]) => key in organization.values));
    return {
      schemaVersion: TRANSFER_SCHEMA_VERSION,
      exportedAt: new Date().toISOString(),
      signageVersion: SIGNAGE_VERSION,
      tilecastVersion: SIGNAGE_VERSION,
      organization: { schemaVersion: 1, ...organization },
      groupPolicies: groups.map((p) => ({ screenGroupId: p.targetId, priority: p.priority, revision: p.revision, values: shown(p.values) })),
      screenPolicies: screens.map((p) => ({ screenId: p.targetId, priority: p.priority, revision: p.revision, values: shown(p.values) })),
    };
  }

  async preview(body: unknown): Promise<Preview> {
    return (await this.plan(readDocument(body))).preview;
  }

  async apply(actor: ConsolePrincipal, body: unknown, ip: string) {
    const document = readDocument(body);
    const { preview, organization, policies } = await this.plan(document);
    const missing = [...preview.missingScreenGroupIds, ...preview.missingScreenIds];
    if (missing.length)
      throw invalidInput('settings_import_invalid', `Policies name screen groups or screens this server does not have: ${missing.join(', ')}.`);
    const expected = document.expectedRevisions;
    if (expected && !matches(expected, preview.currentRevisions)) throw stale();
    const changed = policies.filter((p) => preview.policyChanges.some((c) => c.scope === p.scope && c.targetId === p.targetId && c.change !== 'unchanged'));
    await this.d.db.transaction(async (trx) => {
      // Revisions read by the plan: a change that lands between it and here fails these writes.
      if (Object.keys(organization).length) await this.d.settingsService.writeImported(organization, preview.currentRevisions.organization, actor.userId, trx);
      if (!(await this.d.playerPolicies.writeImported(changed, actor.userId, trx))) throw stale();
      await this.d.auditLog.record(
        {
          action: 'settings.imported',
          actor,
          ip,
          resourceType: 'settings',
          metadata: { keys: preview.changedKeys, groupPolicies: preview.groupPolicyCount, screenPolicies: preview.screenPolicyCount },
        },
        trx,
      );
    });
    // Organization values reach the screens through the settings' own change event; policies through this.
    if (changed.length) await this.d.playerConfig.refresh();
    return this.d.settingsService.document();
  }

  private async plan(document: ImportDocument): Promise<Plan> {
    const values = document.organization.values;
    const issues = await this.d.settingsService.importIssues(values, 'body/organization/values');
    const groupEntries = document.groupPolicies ?? [];
    const screenEntries = document.screenPolicies ?? [];
    const entries: PolicyEntry[] = [
      ...groupEntries.map((p) => ({ scope: 'group' as const, targetId: p.screenGroupId, priority: p.priority ?? 0, revision: 0, values: p.values })),
      ...screenEntries.map((p) => ({ scope: 'screen' as const, targetId: p.screenId, priority: p.priority ?? 0, revision: 0, values: p.values })),
    ];
    for (const [i, entry] of entries.entries()) {
      issues.push(...this.policyIssues(entry, i < groupEntries.length ? `groupPolicies/${i}` : `screenPolicies/${i - groupEntries.length}`));
    }
    for (const scope of ['group', 'screen'] as const) {
      const ids = entries.filter((e) => e.scope === scope).map((e) => e.targetId);
      if (new Set(ids).size !== ids.length)
        issues.push({ field: `body/${scope}Policies`, message: `names a ${scope === 'group' ? 'screen group' : 'screen'} twice` });
    }
    if (issues.length) throw invalid('The settings document has values this server does not accept.', issues);

    const current = await this.d.settingsService.transferable();
    const organizationChanges = Object.entries(values)
      .filter(([key, value]) => !same(current.values[key], value))
      .map(([key, after]) => ({ key, before: current.values[key], after }));
    const [groups, screens, existingGroups, existingScreens] = await Promise.all([
      this.d.playerPolicies.all('group'),
      this.d.playerPolicies.all('screen'),
      this.d.screenGroups.existing(groupEntries.map((p) => p.screenGroupId)),
      this.d.screensService.namesOf(screenEntries.map((p) => p.screenId)),
    ]);
    const stored = new Map([...groups, ...screens].map((p) => [`${p.scope}:${p.targetId}`, p]));
    const policies = entries.map((e) => ({ ...e, revision: stored.get(`${e.scope}:${e.targetId}`)?.revision ?? 0 }));
    const revisionsOf = (scope: PolicyScope) => Object.fromEntries(policies.filter((p) => p.scope === scope).map((p) => [p.targetId, p.revision]));
    const found = new Set([...existingGroups, ...existingScreens.keys()]);
    return {
      organization: Object.fromEntries(organizationChanges.map((c) => [c.key, c.after])) as Record<string, SettingValue>,
      policies,
      preview: {
        valid: policies.every((p) => found.has(p.targetId)),
        changedKeys: organizationChanges.map((c) => c.key),
        groupPolicyCount: groupEntries.length,
        screenPolicyCount: screenEntries.length,
        requiresConfirmation: true,
        organizationChanges,
        policyChanges: policies.map((p) => policyChange(p, stored.get(`${p.scope}:${p.targetId}`))),
        missingScreenGroupIds: groupEntries.map((p) => p.screenGroupId).filter((id) => !found.has(id)),
        missingScreenIds: screenEntries.map((p) => p.screenId).filter((id) => !found.has(id)),
        currentRevisions: { organization: current.revision, groupPolicies: revisionsOf('group'), screenPolicies: revisionsOf('screen') },
      },
    };
  }

  private policyIssues(entry: PolicyEntry, at: string): ValidationIssue[] {
    const problem = this.d.settingsService.policyIssues(entry.values);
    return (problem?.issues ?? []).map((i) => ({ field: i.field.replace(/^body\/values/, `body/${at}/values`), message: i.message }));
  }
}

/** The document, or why it is not one (a shape or version this server does not take). The kernel refused bodies that are not a JSON object. */
function readDocument(body: unknown): ImportDocument {
  const version = (body as { schemaVersion?: unknown }).schemaVersion;
  if (Number.isInteger(version) && version !== TRANSFER_SCHEMA_VERSION)
    throw invalidInput(
      'settings_import_version_unsupported',
      `Settings documents of schema version ${version} are not supported; this server reads version 1.`,
    );
  try {
    checkShape(body);
  } catch (err) {
    if (err instanceof AppError) throw invalid('The settings document is not one this server reads.', (err.details as { fields: ValidationIssue[] }).fields);
    throw err;
  }
  return body as ImportDocument;
}

function policyChange(entry: PolicyEntry, stored: PolicyEntry | undefined): Preview['policyChanges'][number] {
  const before = stored?.values ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(entry.values)])].filter((k) => !same(before[k], entry.values[k]));
  const change = !stored ? 'created' : keys.length || stored.priority !== entry.priority ? 'updated' : 'unchanged';
  return { scope: entry.scope, targetId: entry.targetId, change, changedKeys: keys.sort() };
}

/** Whether the revisions a preview answered are still this server's, for everything the import touches. */
function matches(expected: NonNullable<ImportDocument['expectedRevisions']>, current: Revisions): boolean {
  const policies = (given: Record<string, number> | undefined, now: Record<string, number>) =>
    Object.entries(now).every(([id, revision]) => (given?.[id] ?? revision) === revision);
  return (
    expected.organization === current.organization &&
    policies(expected.groupPolicies, current.groupPolicies) &&
    policies(expected.screenPolicies, current.screenPolicies)
  );
}
