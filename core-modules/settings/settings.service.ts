import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { conflict, validationFailed, type ValidationIssue } from '../../kernel/errors.js';
import type { AuditLog } from '../../kernel/audit-log.js';
import { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import { HubCopy } from '../../kernel/hub-copy.js';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidReason, type SettingDefinition, type SettingValue } from './setting-definition.js';
import { SettingModel, SettingsRevisionModel } from './settings.models.js';
import { type SettingsDocument, wireDefinition } from './settings-wire.js';
import type { KernelDeps } from '../../kernel/kernel.js';

/** Returns what is wrong with a set of values taken together (field `body/values/<key>`), or nothing. */
export type SettingsRule = (values: Record<string, SettingValue>) => ValidationIssue | undefined;

/**
 * Organization settings: a closed registry that modules fill with their definitions (in their start
 * hook), values stored in PostgreSQL so every server process reads the same.
 */
export class SettingsService {
  private readonly definitions = new Map<string, SettingDefinition>();
  private readonly rules: SettingsRule[] = [];
  private readonly db: Knex;
  private readonly settings: typeof SettingModel;
  private readonly revisions: typeof SettingsRevisionModel;
  private readonly auditLog: AuditLog;
  /** Told, once it commits, of each change: the keys whose values were sent. */
  readonly changed: AfterCommitEvents<{ keys: string[] }>;

  /** The stored settings (a few dozen rows), kept in memory: manifests, player configs and schedules read them on every build. */
  private readonly stored: HubCopy<Map<string, unknown>>;

  constructor({ db, auditLog, logger, hub }: Pick<KernelDeps, 'db' | 'auditLog' | 'logger' | 'hub'>) {
    this.db = db;
    this.stored = new HubCopy(hub, 'settings:changed');
    this.settings = SettingModel.bindKnex(db);
    this.revisions = SettingsRevisionModel.bindKnex(db);
    this.auditLog = auditLog;
    this.changed = new AfterCommitEvents({ hub, logger }, 'settings-changed');
  }

  /** A rule across settings (a minimum below a maximum), checked on every change against the values it would leave. */
  defineRule(rule: SettingsRule): void {
    this.rules.push(rule);
  }

  define(defs: SettingDefinition[]): void {
    for (const def of defs) {
      if (this.definitions.has(def.key)) throw new Error(`setting ${def.key} is defined twice`);
      if (def.scope === 'preference') throw new Error(`setting ${def.key} is a user's preference, not the organization's`);
      if (invalidReason(def, def.default)) throw new Error(`default of setting ${def.key} is invalid`);
      this.definitions.set(def.key, def);
    }
  }

  /**
   * What is wrong with values for a screen or group policy, with the reference's codes: keys the
   * registry does not know, keys only the organization may set, and values a key does not accept.
   */
  policyIssues(values: Record<string, unknown>): { code: string; issues: ValidationIssue[] } | undefined {
    const unknown: ValidationIssue[] = [];
    const scoped: ValidationIssue[] = [];
    const invalid: ValidationIssue[] = [];
    for (const [key, value] of Object.entries(values)) {
      const def = this.definitions.get(key);
      const field = `body/values/${key}`;
      if (!def) unknown.push({ field, message: 'is not a known setting' });
      else if (def.scope !== 'policy') scoped.push({ field, message: 'is set for the whole organization only, not per screen or group' });
      else {
        const reason = invalidReason(def, value);
        if (reason) invalid.push({ field, message: reason });
      }
    }
    if (unknown.length) return { code: 'unknown_setting', issues: unknown };
    if (scoped.length) return { code: 'setting_not_allowed_at_scope', issues: scoped };
    if (invalid.length) return { code: 'invalid_setting_value', issues: invalid };
    return undefined;
  }

  /** The values the organization has set among `keys` (not the defaults), and the organization's revision. */
  async explicit(keys: readonly string[]): Promise<{ values: Record<string, SettingValue>; revision: number }> {
    const [rows, rev] = await Promise.all([
      this.settings
        .query()
        .findByIds([...keys])
        .select('key', 'value'),
      this.revisions.query().first().throwIfNotFound(),
    ]);
    const values: Record<string, SettingValue> = {};
    for (const { key, value } of rows) {
      const def = this.definitions.get(key);
      if (def && !invalidReason(def, value)) values[key] = value as SettingValue;
    }
    return { values, revision: rev.revision };
  }

  /** The current value, or the definition's default. */
  async get<T extends SettingValue>(key: string): Promise<T> {
    return (await this.values([key]))[key] as T;
  }

  /** The current values of `keys`, in one read. */
  async values(keys: readonly string[]): Promise<Record<string, SettingValue>> {
    const defs = keys.map((key) => this.definitions.get(key) ?? unknownSetting(key));
    const stored = await this.stored.get(async () => new Map((await this.settings.query().select('key', 'value')).map((r) => [r.key, r.value])));
    return Object.fromEntries(defs.map((def) => [def.key, effective(def, stored.get(def.key))]));
  }

  /** When any of `keys` was last set; for keys never set, when the organization's settings last changed. */
  async changedAt(keys: readonly string[]): Promise<Date> {
    const [row, rev] = await Promise.all([
      this.settings
        .query()
        .findByIds([...keys])
        .max('updated_at as at')
        .first() as unknown as Promise<{ at: Date | null } | undefined>,
      this.revisions.query().first().throwIfNotFound(),
    ]);
    return row?.at ?? rev.updated_at;
  }

  async document(): Promise<SettingsDocument> {
    const [rows, rev] = await Promise.all([this.settings.query().select('key', 'value'), this.revisions.query().first().throwIfNotFound()]);
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const values: Record<string, SettingValue> = {};
    for (const def of this.definitions.values()) values[def.key] = effective(def, stored.get(def.key));
    return {
      schemaVersion: 1,
      revision: rev.revision,
      values,
      definitions: [...this.definitions.values()].map(wireDefinition),
      updatedAt: new Date(rev.updated_at).toISOString(),
    };
  }

  /** Applies all of `values` or none; `revision` must be the one the caller read. */
  async update(revision: number, values: Record<string, unknown>, actor: ConsolePrincipal, ip: string): Promise<SettingsDocument> {
    return this.apply(values, actor, ip, revision);
  }

  /** Applies all of `values` or none, whatever the revision: for a module's own page over some of its settings. */
  async change(values: Record<string, unknown>, actor: ConsolePrincipal, ip: string): Promise<void> {
    await this.apply(values, actor, ip);
  }

  /** Puts the settings of `category` (every one when empty) back to their defaults; `revision` must be the one the caller read. */
  async reset(revision: number, category: string, actor: ConsolePrincipal, ip: string): Promise<SettingsDocument> {
    const keys = [...this.definitions.values()].filter((d) => !category || d.category === category).map((d) => d.key);
    if (this.rules.length) {
      const after = { ...(await this.document()).values, ...Object.fromEntries(keys.map((k) => [k, this.definitions.get(k)!.default])) };
      const broken = this.rules.flatMap((rule) => rule(after) ?? []);
      if (broken.length) throw validationFailed('The defaults contradict settings kept in other categories.', broken, 'invalid_setting_value');
    }
    await this.db.transaction(async (trx) => {
      await this.bump(revision, trx);
      await this.settings.query(trx).whereIn('key', keys).delete();
      await this.auditLog.record({ action: 'settings.category_reset', actor, ip, resourceType: 'settings', metadata: { category, keys } }, trx);
      await this.stored.changed(trx);
      await this.changed.emit([{ keys }], trx);
    });
    return this.document();
  }

  /** Moves the revision on, from `revision` when given (409 when the settings changed since it was read). */
  private async bump(revision: number | undefined, trx: Knex.Transaction): Promise<void> {
    const bumped = await this.revisions
      .query(trx)
      .where(revision === undefined ? {} : { revision })
      .patch({ revision: raw('revision + 1'), updated_at: fn.now() });
    if (!bumped) throw conflict('settings_revision_conflict', 'The settings changed since you read them; reload and try again.');
  }

  /** Whether a setting that takes effect only at a restart was set after `since` (this process's start). */
  async restartPendingSince(since: Date): Promise<boolean> {
    const keys = [...this.definitions.values()].filter((d) => d.restartRequired).map((d) => d.key);
    if (!keys.length) return false;
    return Boolean(await this.settings.query().findByIds(keys).where('updated_at', '>', since).select('key').first());
  }

  /**
   * The organization's values as a settings export carries them: every setting but the secrets
   * (`sensitive`), with the revision they were read at.
   */
  async transferable(): Promise<{ revision: number; updatedAt: string; values: Record<string, SettingValue> }> {
    const { revision, values, updatedAt } = await this.document();
    const secrets = [...this.definitions.values()].filter((d) => d.sensitive).map((d) => d.key);
    for (const key of secrets) delete values[key];
    return { revision, updatedAt, values };
  }

  /** What is wrong with imported values (fields under `field`): unknown keys, secrets, values a key does not accept, broken rules. */
  async importIssues(values: Record<string, unknown>, field: string): Promise<ValidationIssue[]> {
    const issues = this.valueIssues(values, field);
    for (const key of Object.keys(values)) {
      if (this.definitions.get(key)?.sensitive)
        issues.push({ field: `${field}/${key}`, message: 'is a secret: exports leave it out, set it on the settings page' });
    }
    return issues.length ? issues : this.ruleIssues(values);
  }

  /**
   * Writes checked values inside the caller's transaction, against `revision` (409
   * `settings_revision_conflict` when the settings changed since): for an import, which audits itself.
   */
  async writeImported(values: Record<string, SettingValue>, revision: number, userId: string, trx: Knex.Transaction): Promise<void> {
    await this.bump(revision, trx);
    await this.write(values, userId, trx);
  }

  private valueIssues(values: Record<string, unknown>, field: string): ValidationIssue[] {
    const issues: ValidationIssue[] = [];
    for (const [key, value] of Object.entries(values)) {
      const def = this.definitions.get(key);
      if (!def) issues.push({ field: `${field}/${key}`, message: 'is not a known setting' });
      else {
        const reason = invalidReason(def, value);
        if (reason) issues.push({ field: `${field}/${key}`, message: reason });
      }
    }
    return issues;
  }

  private async ruleIssues(values: Record<string, unknown>): Promise<ValidationIssue[]> {
    if (!this.rules.length) return [];
    const after = { ...(await this.document()).values, ...(values as Record<string, SettingValue>) };
    return this.rules.flatMap((rule) => rule(after) ?? []);
  }

  private async apply(values: Record<string, unknown>, actor: ConsolePrincipal, ip: string, revision?: number): Promise<SettingsDocument> {
    const issues = this.valueIssues(values, 'body/values');
    if (issues.length)
      throw validationFailed(
        'Some settings are invalid.',
        issues,
        issues.some((i) => i.message.includes('known')) ? 'unknown_setting' : 'invalid_setting_value',
      );
    const broken = await this.ruleIssues(values);
    if (broken.length) throw validationFailed('Some settings contradict each other.', broken, 'invalid_setting_value');
    await this.db.transaction(async (trx) => {
      await this.bump(revision, trx);
      await this.write(values, actor.userId, trx);
      await this.auditLog.record({ action: 'settings.updated', actor, ip, resourceType: 'settings', metadata: { keys: Object.keys(values) } }, trx);
    });
    return this.document();
  }

  private async write(values: Record<string, unknown>, userId: string, trx: Knex.Transaction): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      // Sent as json text: a setting's value may be a bare string, which pg would not turn into json.
      await this.settings
        .query(trx)
        .insert({ key, value: JSON.stringify(value), updated_by: userId, updated_at: fn.now() })
        .onConflict('key')
        .merge();
    }
    // Both carried by the commit: every process's copy is dropped before the listeners read.
    await this.stored.changed(trx);
    await this.changed.emit([{ keys: Object.keys(values) }], trx);
  }
}

const unknownSetting = (key: string): never => {
  throw new Error(`unknown setting ${key}`);
};

// A stored value a later definition no longer accepts reads as the default.
const effective = (def: SettingDefinition, stored: unknown): SettingValue =>
  stored !== undefined && !invalidReason(def, stored) ? (stored as SettingValue) : def.default;
