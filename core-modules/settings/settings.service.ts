import type { Knex } from 'knex';
import { conflict, validationFailed, type ValidationIssue } from '../../kernel/errors.js';
import type { AuditLog } from '../../kernel/audit-log.js';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidReason, type SettingDefinition, type SettingValue } from './setting-definition.js';

export interface SettingsDocument {
  schemaVersion: 1;
  revision: number;
  values: Record<string, SettingValue>;
  definitions: SettingDefinition[];
  updatedAt: string;
}

/**
 * Organization settings: a closed registry that modules fill with their definitions (in their start
 * hook), values stored in PostgreSQL so every server process reads the same.
 */
export class SettingsService {
  private readonly definitions = new Map<string, SettingDefinition>();
  private readonly db: Knex;
  private readonly auditLog: AuditLog;

  constructor({ db, auditLog }: { db: Knex; auditLog: AuditLog }) {
    this.db = db;
    this.auditLog = auditLog;
  }

  define(defs: SettingDefinition[]): void {
    for (const def of defs) {
      if (this.definitions.has(def.key)) throw new Error(`setting ${def.key} is defined twice`);
      if (invalidReason(def, def.default)) throw new Error(`default of setting ${def.key} is invalid`);
      this.definitions.set(def.key, def);
    }
  }

  /** The current value, or the definition's default. */
  async get<T extends SettingValue>(key: string): Promise<T> {
    const def = this.definitions.get(key);
    if (!def) throw new Error(`unknown setting ${key}`);
    const row = await this.db('settings').where({ key }).first('value');
    return (row && !invalidReason(def, row.value) ? row.value : def.default) as T;
  }

  async document(): Promise<SettingsDocument> {
    const [rows, rev] = await Promise.all([this.db('settings').select('key', 'value'), this.db('settings_revision').first('revision', 'updated_at')]);
    const stored = new Map(rows.map((r) => [r.key as string, r.value as SettingValue]));
    const values: Record<string, SettingValue> = {};
    for (const def of this.definitions.values()) {
      const value = stored.get(def.key);
      values[def.key] = value !== undefined && !invalidReason(def, value) ? value : def.default;
    }
    return {
      schemaVersion: 1,
      revision: rev.revision,
      values,
      definitions: [...this.definitions.values()],
      updatedAt: new Date(rev.updated_at).toISOString(),
    };
  }

  /** Applies all of `values` or none; `revision` must be the one the caller read. */
  async update(revision: number, values: Record<string, unknown>, actor: ConsolePrincipal, ip: string): Promise<SettingsDocument> {
    const issues: ValidationIssue[] = [];
    for (const [key, value] of Object.entries(values)) {
      const def = this.definitions.get(key);
      if (!def) issues.push({ field: `body/values/${key}`, message: 'is not a known setting' });
      else {
        const reason = invalidReason(def, value);
        if (reason) issues.push({ field: `body/values/${key}`, message: reason });
      }
    }
    if (issues.length) throw validationFailed('Some settings are invalid.', issues, issues.some((i) => i.message.includes('known')) ? 'unknown_setting' : 'invalid_setting_value');
    await this.db.transaction(async (trx) => {
      const bumped = await trx('settings_revision').where({ revision }).update({ revision: trx.raw('revision + 1'), updated_at: trx.fn.now() });
      if (!bumped) throw conflict('settings_revision_conflict', 'The settings changed since you read them; reload and try again.');
      for (const [key, value] of Object.entries(values)) {
        await trx('settings')
          .insert({ key, value: JSON.stringify(value), updated_by: actor.userId, updated_at: trx.fn.now() })
          .onConflict('key')
          .merge();
      }
      await this.auditLog.record({ action: 'settings.updated', actor, ip, resourceType: 'settings', metadata: { keys: Object.keys(values) } }, trx);
    });
    return this.document();
  }
}
