import { Stamp } from '../../kernel/http/wire.js';
import { Type, type Static } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { PluginStatus } from '../../kernel/plugin.js';
import { catalogId } from '../../kernel/plugin-installations.js';
import type { LoadedPlugin } from '../../kernel/plugin-loader.js';
import type { KernelDeps } from '../../kernel/kernel.js';

export const CatalogEntrySchema = Type.Object({
  id: Type.String({ description: 'Catalog id, e.g. `brand_bug` (also the manifest plugin type where it has one).' }),
  name: Type.String(),
  description: Type.String(),
  /** False for an installation an earlier release left behind: its plugin is no longer offered. */
  available: Type.Boolean(),
  installed: Type.Boolean(),
  installedAt: Type.Union([Stamp, Type.Null()]),
  configured: Type.Boolean(),
  active: Type.Boolean(),
  /** Same as `active`; the name older consoles read. */
  enabled: Type.Boolean(),
  instanceCount: Type.Integer(),
  attention: Type.Union([Type.String(), Type.Null()]),
  dependsOn: Type.Array(Type.String(), { description: 'Catalog ids of the optional plugins it needs (installed with it).' }),
});
export type CatalogEntry = Static<typeof CatalogEntrySchema>;

export const InstalledEntrySchema = Type.Object({
  ...CatalogEntrySchema.properties,
  alsoInstalled: Type.Array(Type.String(), { description: 'Catalog ids of the optional plugins it needed that were installed with it by this request.' }),
});
export type InstalledEntry = Static<typeof InstalledEntrySchema>;

const IDLE: PluginStatus = { configured: false, active: false, instanceCount: 0, attention: null };

type Deps = Pick<KernelDeps, 'pluginInstallations' | 'auditLog' | 'logger'>;

/** The plugin catalog: what this release offers, what is installed, and how each is doing. */
export class CatalogService {
  constructor(private readonly d: Deps) {}

  async list(): Promise<CatalogEntry[]> {
    const rows = await this.d.pluginInstallations.rows();
    const installedAt = new Map(rows.map((r) => [r.plugin, r.installed_at]));
    const offered = this.d.pluginInstallations.offered();
    const entries = await Promise.all(offered.map((p) => this.entry(p, installedAt.get(p.def.name))));
    const leftBehind = rows.filter((r) => !offered.some((p) => p.def.name === r.plugin));
    return [
      ...entries,
      ...leftBehind.map((r) => ({
        ...IDLE,
        id: catalogId(r.plugin),
        name: r.plugin,
        description: 'Installed by an earlier release that offered this plugin; this release does not. Its data is kept.',
        available: false,
        installed: true,
        installedAt: r.installed_at.toISOString(),
        enabled: false,
        attention: 'No longer offered by this release: uninstall it, or return to a release that has it.',
        dependsOn: [],
      })),
    ];
  }

  async get(id: string): Promise<CatalogEntry> {
    const entry = (await this.list()).find((e) => e.id === catalogId(id));
    if (!entry) throw new Error(`catalog entry ${id} vanished`);
    return entry;
  }

  async install(actor: ConsolePrincipal, id: string, ip: string): Promise<{ created: boolean; entry: InstalledEntry }> {
    const result = await this.d.pluginInstallations.install(id, actor.userId);
    const entry = await this.get(id);
    if (result.created) {
      await this.d.auditLog.record({
        action: 'plugin.installed',
        actor,
        ip,
        resourceType: 'plugin',
        resourceId: entry.id,
        metadata: { alsoInstalled: result.alsoInstalled },
      });
    }
    return { created: result.created, entry: { ...entry, alsoInstalled: result.alsoInstalled } };
  }

  async uninstall(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    const wasInstalled = (await this.d.pluginInstallations.rows()).some((r) => catalogId(r.plugin) === catalogId(id));
    await this.d.pluginInstallations.uninstall(id);
    if (wasInstalled) await this.d.auditLog.record({ action: 'plugin.uninstalled', actor, ip, resourceType: 'plugin', resourceId: catalogId(id) });
  }

  private async entry(p: LoadedPlugin, installedAt: Date | undefined): Promise<CatalogEntry> {
    const def = p.def.installable!;
    let status = IDLE;
    if (installedAt) {
      try {
        status = await this.d.pluginInstallations.status(p);
      } catch (err) {
        // One plugin failing to report must not take the catalog down with it.
        this.d.logger.error({ err, plugin: p.def.name }, 'a plugin could not report its status');
        status = { ...IDLE, attention: 'Its status could not be read; see the server log.' };
      }
    }
    const optionalDeps = (p.def.dependsOn ?? []).filter((name) => this.d.pluginInstallations.offered().some((o) => o.def.name === name));
    return {
      id: catalogId(p.def.name),
      name: def.title,
      description: def.description,
      available: true,
      installed: Boolean(installedAt),
      installedAt: installedAt?.toISOString() ?? null,
      ...status,
      enabled: status.active,
      dependsOn: optionalDeps.map(catalogId),
    };
  }
}
