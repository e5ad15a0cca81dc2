import type { Knex } from 'knex';
import { migrateAll } from './db/migrator.js';
import { conflict, notFound } from './errors.js';
import type { Logger } from './logger.js';
import type { InstallableDef, OwnedResource, PluginStatus } from './plugin.js';
import type { LoadedPlugin } from './plugin-loader.js';

const TABLE = 'kernel_plugin_installations';
// Another process's install or uninstall is seen within this time; the process that made the
// change sees it at once.
const CACHE_MS = 1_000;

export interface InstallationRow {
  plugin: string;
  installed_at: Date;
  installed_by: string | null;
}

export interface InstallResult {
  /** False when it was installed already (a repeated request). */
  created: boolean;
  /** Optional plugins it needed and that were installed with it, in order. */
  alsoInstalled: string[];
}

/** The catalog id of a plugin: `brand-bug` is `brand_bug` (either spelling is accepted). */
export const catalogId = (plugin: string) => plugin.replace(/-/g, '_');
const pluginName = (id: string) => id.replace(/_/g, '-');
const notInstalled = (plugin: string) =>
  conflict('plugin_not_installed', `The ${catalogId(plugin)} plugin is not installed. Install it from the plugin catalog first.`);

/**
 * Install state of the optional plugins, kept in PostgreSQL so every server process agrees.
 * Installing runs the plugin's migrations and seed; uninstalling only forgets the installation
 * (its tables and rows stay, so a reinstall finds its data again) and is refused while it owns
 * resources or another installed plugin needs it.
 */
export class PluginInstallations {
  private cached?: { at: number; names: Promise<Set<string>> };

  constructor(
    private readonly db: Knex,
    private readonly plugins: LoadedPlugin[],
    private readonly depsOf: (plugin: string) => unknown,
    private readonly logger: Logger,
  ) {}

  /** The optional plugins this release offers, in dependency order. */
  offered(): LoadedPlugin[] {
    return this.plugins.filter((p) => p.def.installable);
  }

  /** Resolves a catalog id (or plugin name) to an offered plugin. */
  find(id: string): LoadedPlugin | undefined {
    return this.offered().find((p) => p.def.name === pluginName(id));
  }

  rows(): Promise<InstallationRow[]> {
    return this.db(TABLE).select('*').orderBy('plugin');
  }

  installedNames(): Promise<Set<string>> {
    if (!this.cached || Date.now() - this.cached.at > CACHE_MS) {
      const names = this.db(TABLE)
        .pluck('plugin')
        .then((list: string[]) => new Set(list));
      names.catch(() => (this.cached = undefined));
      this.cached = { at: Date.now(), names };
    }
    return this.cached.names;
  }

  /**
   * Core modules are always installed. `fresh` reads the table instead of the cache: for work that
   * would be lost if skipped on a stale answer (a job completes without running).
   */
  async isInstalled(plugin: string, fresh = false): Promise<boolean> {
    const p = this.plugins.find((x) => x.def.name === plugin);
    if (!p?.def.installable) return Boolean(p);
    if (fresh) return Boolean(await this.db(TABLE).where({ plugin }).first());
    return (await this.installedNames()).has(plugin);
  }

  async requireInstalled(plugin: string): Promise<void> {
    if (!(await this.isInstalled(plugin))) {
      throw notInstalled(plugin);
    }
  }

  async install(id: string, actorId?: string): Promise<InstallResult> {
    const plugin = this.find(id);
    if (!plugin) throw notFound('plugin_not_found', `No plugin "${id}" is offered by this server.`);
    const alsoInstalled: string[] = [];
    for (const dep of this.optionalDependencies(plugin)) {
      if (await this.installOne(dep, actorId)) alsoInstalled.push(catalogId(dep.def.name));
    }
    const created = await this.installOne(plugin, actorId);
    return { created, alsoInstalled };
  }

  /** How an installed plugin is doing, asked of the plugin itself (in its own container). */
  status(plugin: LoadedPlugin): Promise<PluginStatus> {
    return plugin.def.installable!.status(this.depsOf(plugin.def.name));
  }

  /** Idempotent: forgetting an installation that does not exist succeeds. */
  async uninstall(id: string): Promise<void> {
    const plugin = this.find(id);
    const name = plugin?.def.name ?? pluginName(id);
    const rows = await this.rows();
    if (!plugin) {
      // Left behind by an earlier release: nothing of it runs, so there is nothing to check.
      if (!rows.some((r) => r.plugin === name)) throw notFound('plugin_not_found', `No plugin "${id}" is offered or installed.`);
      await this.db(TABLE).where({ plugin: name }).delete();
      return this.forget();
    }
    const forgotten = await this.db.transaction(async (trx) => {
      // Held to the end: creating something the plugin owns holds this row FOR SHARE (holdInstalled),
      // so nothing new can appear between the check below and the forgetting.
      if (!(await trx(TABLE).where({ plugin: name }).forUpdate().first())) return false;
      const installed = new Set<string>(await trx(TABLE).pluck('plugin'));
      const dependents = this.offered().filter((p) => installed.has(p.def.name) && this.optionalDependencies(p).includes(plugin));
      const resources: OwnedResource[] = await (plugin.def.installable as InstallableDef).resources(this.depsOf(name));
      if (dependents.length || resources.length) {
        throw conflict('plugin_in_use', `The ${catalogId(name)} plugin is still in use; remove what it owns first.`, {
          resources,
          dependents: dependents.map((p) => catalogId(p.def.name)),
        });
      }
      await trx(TABLE).where({ plugin: name }).delete();
      return true;
    });
    this.forget();
    if (forgotten) this.logger.info({ plugin: name }, 'plugin uninstalled');
  }

  /**
   * For a transaction creating something the plugin will own: 409 plugin_not_installed unless it
   * is installed, and an uninstall waits until the transaction ends (and then sees what it made).
   */
  async holdInstalled(plugin: string, trx: Knex.Transaction): Promise<void> {
    if (!(await trx(TABLE).where({ plugin }).forShare().first())) {
      throw notInstalled(plugin);
    }
  }

  private async installOne(plugin: LoadedPlugin, actorId: string | undefined): Promise<boolean> {
    const name = plugin.def.name;
    if (await this.db(TABLE).where({ plugin: name }).first()) return false;
    if (plugin.def.migrations) await migrateAll(this.db, [{ owner: name, folder: plugin.def.migrations }]);
    const created = await this.db.transaction(async (trx) => {
      const inserted = await trx(TABLE)
        .insert({ plugin: name, installed_by: actorId ?? null })
        .onConflict('plugin')
        .ignore()
        .returning('plugin');
      if (!inserted.length) return false; // another request installed it meanwhile
      await plugin.def.installable?.seed?.(this.depsOf(name), trx);
      return true;
    });
    this.forget();
    if (created) this.logger.info({ plugin: name }, 'plugin installed');
    return created;
  }

  /** The optional plugins it depends on, directly or not, dependencies first. */
  private optionalDependencies(plugin: LoadedPlugin): LoadedPlugin[] {
    const byName = new Map(this.plugins.map((p) => [p.def.name, p]));
    const found: LoadedPlugin[] = [];
    const visit = (p: LoadedPlugin) => {
      for (const depName of p.def.dependsOn ?? []) {
        const dep = byName.get(depName)!;
        if (found.includes(dep)) continue;
        visit(dep);
        if (dep.def.installable) found.push(dep);
      }
    };
    visit(plugin);
    return found;
  }

  private forget() {
    this.cached = undefined;
  }
}
