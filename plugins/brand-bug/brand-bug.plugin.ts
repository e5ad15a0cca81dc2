import { asFunction } from 'awilix';
import { instanceRoutes, InstanceService, InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import { definePlugin } from '../../kernel/plugin.js';
import { brandBugFields, type BrandBugSettings } from './brand-bug.fields.js';
import { brandBugGraph } from './brand-bug.graph.js';
import { brandBugKind } from './brand-bug.kind.js';
import { brandBugUses, type BrandBugDeps } from './brand-bug-deps.js';

/** An on-screen mark (logo, text or both) in a corner of the targeted screens (spec 2.2, 4.20). */
export const brandBugPlugin = definePlugin<BrandBugDeps>({
  name: 'brand-bug',
  dependsOn: ['media', 'screens', 'player', 'dependency-graph', 'plugin-catalog'],
  uses: brandBugUses,
  migrations: new URL('./migrations', import.meta.url),
  installable: {
    title: 'Brand bug',
    description: 'A logo, text or both in a corner of the screen, sized as a share of the screen.',
    resources: (d) => d.instanceService.resources(),
    status: (d) => d.instanceService.status(),
  },
  register(r) {
    r.provide({
      instanceStore: asFunction(({ db }: BrandBugDeps) => new InstanceStore<BrandBugSettings>(db, 'brand_bug_instances')).singleton(),
      instanceService: asFunction((d: BrandBugDeps) => new InstanceService(d, d.instanceStore, brandBugKind(d.mediaLibrary))).singleton(),
    });
    r.routes(instanceRoutes({ plugin: 'brand-bug', pascalName: 'BrandBug', noun: 'brand bug', fields: brandBugFields }));
    // Registrations only. The manifest and the graph ask only while the plugin is installed; the
    // media module asks regardless, so its two hooks check first: before installation the table may
    // not exist, and nothing of the plugin uses an asset.
    r.onStart(({ manifestPlugins, dependencyGraph, instanceService, instanceStore, assetUsage, mediaEvents, pluginInstallations }) => {
      manifestPlugins.register(instanceService.contributor());
      dependencyGraph.register(brandBugGraph(instanceService.graph(), instanceStore));
      const installed = () => pluginInstallations.isInstalled('brand-bug');
      // A logo in use cannot be deleted or archived (409 asset_in_use).
      assetUsage.register(async (assetIds, trx) => {
        if (!(await installed())) return [];
        const rows = await instanceStore.whereSetting('imageAssetId', assetIds, trx);
        return rows.map((row) => ({ assetId: row.settings.imageAssetId!, kind: 'brand_bug', id: row.id, name: row.name }));
      });
      // A reprocessed logo has a new variant: the screens showing it hear now, not at their next fetch.
      mediaEvents.subscribe(async (changes) => {
        if (!(await installed())) return;
        for (const { assetId } of changes) await instanceService.referenceChanged('imageAssetId', assetId);
      });
    });
  },
});
