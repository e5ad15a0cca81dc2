import { asClass, asFunction, asValue } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { UsageRegistry } from '../../kernel/usage-registry.js';
import { dataSourceDefinitions, sourceFacts } from './data-source-definitions.js';
import { dataSourceContent, manifestEntries } from './data-source-content.js';
import { dataSourceChanged } from './data-source-events.js';
import { dataSourcesSection } from './data-sources.section.js';
import { DataSourceViewers } from './data-source-viewers.js';
import { dataSourceLibraryRef, type DataSourceLibrary } from './data-sources.api.js';
import { dataSourcesUses } from './data-sources-base-deps.js';
import type { DataSourcesDeps } from './data-sources-deps.js';
import { loadDataSourcesConfig } from './data-sources-config.js';
import { dataSourcesSettings } from './data-sources-settings.js';
import { dataSourcesJobs } from './data-sources.jobs.js';
import { DataSourcesRepository } from './data-sources.repository.js';
import { dataSourcesRoutes } from './data-sources.routes.js';
import { integrationRowsRoutes } from './integration-rows.routes.js';
import { ParsePool } from './parse-pool.js';
import { DataSourcesService } from './data-sources.service.js';
import { calendarProvider } from './providers/calendar.js';
import { manualProvider } from './providers/manual.js';
import { structuredProviders } from './providers/structured.js';
import { SourceRefresher } from './source-refresh.js';

const library = (d: DataSourcesDeps): DataSourceLibrary => ({
  registerViewer: (viewer) => d.dataSourceViewers.register(viewer),
  registerUsage: (checker) => d.dataSourceUsage.register(checker),
  viewersChanged: (screenIds, trx) => d.contentSources.changed(screenIds, trx),
  manifestEntries: (ids, memo) => manifestEntries(d, ids, memo),
  definitions: () => dataSourceDefinitions(d.dataSourceProviders),
  facts: (ids, trx) => sourceFacts(d, ids, trx),
  namesOf: async (ids) => new Map((await d.dataSourcesRepository.byIds(ids)).map((s) => [s.id, s.name])),
  registerProvider: (provider) => {
    if (d.dataSourceProviders.has(provider.name)) throw new Error(`data source provider ${provider.name} is registered twice`);
    d.dataSourceProviders.set(provider.name, provider);
  },
  createManaged: (actor, input, ip, within) => d.dataSourcesService.create(actor, input, ip, within),
  findMany: (ids) => d.dataSourcesService.findMany(ids),
  updateManaged: (actor, id, changes, ip) => d.dataSourcesService.update(actor, id, changes, ip, true),
  removeManaged: (id, trx) => d.dataSourcesService.removeManaged(id, trx),
  refresh: (id) => d.dataSourcesService.refreshNow(id),
});

/** Data sources (spec 4.12): feeds and tables screens show, refreshed by jobs, last good output kept. */
export const dataSourcesModule = definePlugin<DataSourcesDeps>({
  name: 'data-sources',
  dependsOn: ['settings', 'player', 'console-events'],
  uses: dataSourcesUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      dataSourcesConfig: asFunction(({ config }: DataSourcesDeps) => loadDataSourcesConfig(config)).singleton(),
      dataSourcesRepository: asClass(DataSourcesRepository).singleton(),
      dataSourceProviders: asValue(new Map([...structuredProviders, calendarProvider, manualProvider].map((p) => [p.name, p]))),
      dataSourceViewers: asClass(DataSourceViewers).singleton(),
      dataSourceUsage: asClass(UsageRegistry).singleton(),
      parsePool: asFunction((d: DataSourcesDeps) => new ParsePool(d.dataSourcesConfig.parse, d.logger)).singleton(),
      sourceRefresher: asFunction((d: DataSourcesDeps) => new SourceRefresher(d)).singleton(),
      dataSourcesService: asFunction((d: DataSourcesDeps) => new DataSourcesService(d)).singleton(),
    });
    // Widgets, layouts and plugins show data sources on screens.
    r.export(dataSourceLibraryRef, asFunction(library).singleton());
    r.routes([...dataSourcesRoutes, ...integrationRowsRoutes]);
    r.jobs(dataSourcesJobs);
    r.onStart((d) => {
      d.settingsService.define(dataSourcesSettings);
      d.consoleEvents.declare(dataSourceChanged);
      d.manifestSections.register(dataSourcesSection);
      d.contentSources.register(dataSourceContent(d));
    });
    r.onStop((d) => d.parsePool.close());
  },
});
