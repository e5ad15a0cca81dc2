import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { invalidInput, notFound, validationFailed, type ValidationIssue } from '../../../kernel/errors.js';
import type { OwnedResource, PluginStatus } from '../../../kernel/plugin.js';
import type { ManifestContributor, ManifestPluginEntry, manifestPluginsRef } from '../../player/player.api.js';
import { reaches, type screenTargetsRef, type TargetScope } from '../../screens/screens.api.js';
import type { GraphContribution } from '../../dependency-graph/dependency-graph.api.js';
import { instanceGraph } from './instance-graph.js';
import type { InstanceRow, InstanceStore } from './instance-store.js';
import type { UsedDeps } from '../../../kernel/export-ref.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

/** The fields every instance has; the plugin's own fields come on top. */
export interface InstanceInput {
  name: string;
  enabled: boolean;
  targetScope: TargetScope;
  targetIds: string[];
}

export type InstanceView<S> = InstanceInput & S & { id: string; revision: number; createdAt: string; updatedAt: string };

/** What one instance plugin adds to the shared behaviour. */
export interface InstanceKind<S> {
  /** Plugin name, e.g. `brand-bug`. */
  plugin: string;
  /** Manifest `plugins[].type` and audit prefix, e.g. `brand_bug`. */
  type: string;
  /** For messages: `brand bug`. */
  noun: string;
  /**
   * Values of the optional fields a request leaves out (a PUT that omits one resets it). Applied by
   * the service rather than the schema (ajv `default`), so every caller stores complete settings and
   * `check` sees exactly what will be stored.
   */
  defaults?: Partial<S>;
  /** Spelling only, before the checks (a time zone in its canonical form, trimmed text). */
  normalize?(settings: S): S;
  /** Rules the schema cannot say (ordering, a logo that must be a ready image, …), as field issues. */
  check(settings: S, input: InstanceInput): Promise<ValidationIssue[]> | ValidationIssue[];
  /** The configuration players get, per instance (a logo resolved to its variant, …). */
  manifestConfigs(rows: InstanceRow<S>[]): Promise<Map<string, Record<string, unknown>>>;
}

/**
 * What an instance service takes: the kernel's, and the screens' targets and the player's manifest
 * plugins through their refs (so a plugin that makes one lists those refs in its `uses`).
 */
export type InstanceDeps = Pick<KernelDeps, 'db' | 'pluginInstallations' | 'auditLog'> &
  UsedDeps<{ screenTargets: typeof screenTargetsRef; manifestPlugins: typeof manifestPluginsRef }>;

const toView = <S>(row: InstanceRow<S>): InstanceView<S> =>
  ({
    ...row.settings,
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    targetScope: row.target_scope,
    targetIds: row.target_ids,
    revision: row.revision,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  }) as InstanceView<S>;

/**
 * Create, replace, delete and read instances of one plugin, with what all of them share: target
 * checks, an audit entry, and the manifests of exactly the screens a change reaches (before or
 * after it) rebuilt once the change has committed.
 */
export class InstanceService<S extends object> {
  constructor(
    private readonly d: InstanceDeps,
    private readonly store: InstanceStore<S>,
    private readonly kind: InstanceKind<S>,
  ) {}

  async list(): Promise<InstanceView<S>[]> {
    return (await this.store.list()).map(toView);
  }

  async get(id: string): Promise<InstanceView<S>> {
    return toView(await this.found(await this.store.get(id)));
  }

  async create(actor: ConsolePrincipal, input: InstanceInput & S, ip: string): Promise<InstanceView<S>> {
    const values = await this.checked(input);
    const row = await this.d.db.transaction(async (trx) => {
      await this.d.pluginInstallations.holdInstalled(this.kind.plugin, trx);
      const inserted = await this.store.insert(values, trx);
      await this.audit('created', actor, ip, inserted, trx);
      await this.changed([inserted], trx);
      return inserted;
    });
    return toView(row);
  }

  /** Full replace (PUT): every field is given again. */
  async replace(actor: ConsolePrincipal, id: string, input: InstanceInput & S, ip: string): Promise<InstanceView<S>> {
    const values = await this.checked(input);
    const after = await this.d.db.transaction(async (trx) => {
      const old = await this.found(await this.store.lock(id, trx));
      const updated = await this.store.replace(id, values, trx);
      await this.audit('updated', actor, ip, updated, trx);
      await this.changed([old, updated], trx);
      return updated;
    });
    return toView(after);
  }

  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const old = await this.found(await this.store.lock(id, trx));
      await this.store.delete(id, trx);
      await this.audit('deleted', actor, ip, old, trx);
      await this.changed([old], trx);
    });
  }

  /** Manifest entries: each screen gets the enabled instances that reach it; the player picks among them. */
  contributor(): ManifestContributor {
    return {
      plugin: this.kind.plugin,
      entriesFor: async (placements) => {
        const result = new Map<string, ManifestPluginEntry[]>();
        const rows = await this.store.enabled();
        if (!rows.length) return result;
        const configs = await this.kind.manifestConfigs(rows);
        for (const placement of placements) {
          const entries = rows
            .filter((row) => configs.has(row.id) && reaches({ targetScope: row.target_scope, targetIds: row.target_ids }, placement))
            .map((row) => ({ id: row.id, type: this.kind.type, version: 1, config: configs.get(row.id)! }));
          if (entries.length) result.set(placement.screenId, entries);
        }
        return result;
      },
    };
  }

  /**
   * After something outside the plugin that instances refer to changed (a logo reprocessed): the
   * screens reached by the instances whose `settings[key]` is `value` get their manifests rebuilt.
   */
  async referenceChanged(key: string, value: string): Promise<void> {
    await this.changed(await this.store.whereSetting(key, [value]));
  }

  /** The instances and what they target, for the plugin to register with the exported `dependencyGraph`. */
  graph(): GraphContribution {
    return instanceGraph(this.store, this.kind);
  }

  /** Every instance: uninstalling waits until they are deleted. */
  async resources(): Promise<OwnedResource[]> {
    return (await this.store.list()).map((row) => ({ type: `${this.kind.type}_instance`, id: row.id, name: row.name }));
  }

  async status(): Promise<PluginStatus> {
    const rows = await this.store.list();
    const enabled = rows.filter((r) => r.enabled);
    let attention: string | null = null;
    for (const row of enabled) {
      if (!(await this.d.screenTargets.screensOf({ targetScope: row.target_scope, targetIds: row.target_ids })).length) {
        attention = `The enabled ${this.kind.noun} "${row.name}" reaches no screen.`;
        break;
      }
    }
    return { configured: rows.length > 0, active: enabled.length > 0, instanceCount: rows.length, attention };
  }

  private async checked(input: InstanceInput & S) {
    const { name, enabled, targetScope, targetIds, ...rest } = input;
    const given = { ...this.kind.defaults, ...rest } as unknown as S;
    const settings = this.kind.normalize ? this.kind.normalize(given) : given;
    const problems = (await this.d.screenTargets.problems({ targetScope, targetIds })).map((message) => ({ field: 'body/targetIds', message }));
    problems.push(...(await this.kind.check(settings, input)));
    if (problems.length === 1) throw invalidInput('invalid_plugin_configuration', problems[0]!.message, problems[0]!.field);
    if (problems.length) throw validationFailed(`The ${this.kind.noun} configuration is invalid.`, problems, 'invalid_plugin_configuration');
    return { name: name.trim(), enabled, target_scope: targetScope, target_ids: targetIds, settings };
  }

  private async found(row: InstanceRow<S> | undefined): Promise<InstanceRow<S>> {
    if (!row) throw notFound('plugin_instance_not_found', `No such ${this.kind.noun}.`);
    return row;
  }

  private audit(verb: string, actor: ConsolePrincipal, ip: string, row: InstanceRow<S>, trx: Knex.Transaction) {
    return this.d.auditLog.record(
      { action: `${this.kind.type}.${verb}`, actor, ip, resourceType: `${this.kind.type}_instance`, resourceId: row.id, metadata: { name: row.name } },
      trx,
    );
  }

  // The screens reached before or after the change: inside its transaction (their rebuild is then
  // carried by the commit), or after the commit for a change outside the plugin.
  private async changed(rows: InstanceRow<S>[], trx?: Knex.Transaction): Promise<void> {
    const screens = await Promise.all(rows.map((r) => this.d.screenTargets.screensOf({ targetScope: r.target_scope, targetIds: r.target_ids })));
    await this.d.manifestPlugins.changed(screens.flat(), trx);
  }
}
