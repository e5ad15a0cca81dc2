import { Type, type Static } from '@sinclair/typebox';
import type { Knex } from 'knex';
import type { ScreenPlacement } from '../screens/screens.api.js';
import { ScreensChanged } from './screens-changed.js';
import type { PlayerBaseDeps } from './player-base-deps.js';

export const ManifestPluginEntrySchema = Type.Object({
  id: Type.String({ description: 'The instance id.' }),
  type: Type.String({ description: '`countdown_bar`, `brand_bug`, `noise_meter`, …; a player ignores a type it does not implement.' }),
  version: Type.Integer({ minimum: 1 }),
  config: Type.Unknown({ description: 'The resolved configuration of the instance, per type.' }),
});
export type ManifestPluginEntry = Static<typeof ManifestPluginEntrySchema>;

export interface ManifestContributor {
  /** The plugin contributing: asked only while it is installed. */
  plugin: string;
  /** The entries for each of these screens (a screen with none may be left out). */
  entriesFor(placements: ScreenPlacement[]): Promise<Map<string, ManifestPluginEntry[]>>;
}

type Deps = Pick<PlayerBaseDeps, 'logger' | 'hub' | 'pluginInstallations' | 'screenTargets'>;

/**
 * The manifest's `plugins[]`: installed plugins contribute entries per screen, and tell the
 * player module which screens to rebuild after one of their instances changed. Exported as
 * `manifestPlugins`.
 */
export class ManifestPlugins {
  private readonly contributors: ManifestContributor[] = [];
  readonly changes: ScreensChanged;

  constructor(private readonly d: Deps) {
    this.changes = new ScreensChanged(d, 'plugin-entries');
  }

  register(contributor: ManifestContributor): void {
    this.contributors.push(contributor);
  }

  /** Every screen a change of an instance may affect (before or after): as `contentSources.changed`, pass the change's `trx`. */
  changed(screenIds: string[], trx?: Knex.Transaction): Promise<void> {
    return this.changes.notify(screenIds, trx);
  }

  /** Entries per screen, stably ordered (the content hash must not move when nothing changed). */
  async entriesFor(screenIds: string[]): Promise<Map<string, ManifestPluginEntry[]>> {
    const result = new Map<string, ManifestPluginEntry[]>(screenIds.map((id) => [id, []]));
    const active: ManifestContributor[] = [];
    for (const c of this.contributors) if (await this.d.pluginInstallations.isInstalled(c.plugin)) active.push(c);
    if (!active.length) return result;
    const placements = [...(await this.d.screenTargets.placements(screenIds)).values()];
    for (const contributor of active) {
      for (const [screenId, entries] of await contributor.entriesFor(placements)) result.get(screenId)?.push(...entries);
    }
    for (const entries of result.values()) entries.sort((a, b) => a.type.localeCompare(b.type) || a.id.localeCompare(b.id));
    return result;
  }
}
