import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../../kernel/kernel.js';
import type { ModulePart } from '../../../kernel/plugin.js';
import type { MediaBaseDeps } from '../media-deps.js';
import { ArchiveService } from './archive.service.js';
import { AssetArchiveRepository } from './asset-archive.repository.js';
import { assetFilesRoutes } from './asset-files.routes.js';
import { AssetPreviewService } from './asset-preview.service.js';
import type { AssetUsageRegistry } from './asset-usage.js';
import { AssetsQueryRepository } from './assets-query.repository.js';
import { assetsRoutes } from './assets.routes.js';
import { AssetsService } from './assets.service.js';
import { BulkOrganizeRepository } from './bulk-organize.repository.js';
import { BulkOrganizeService } from './bulk-organize.service.js';
import { AssetViewBuilder } from './library-asset-view.js';
import { loadLibraryConfig, type LibraryConfig } from './library-config.js';
import { librarySettings } from './library-settings.js';
import { ContentOrganizationRepository } from './organization.repository.js';
import { organizationRoutes } from './organization.routes.js';
import { ContentOrganizationService } from './organization.service.js';
import { WebsiteDiagnostics } from './website-diagnostics.js';
import { websitePlayback } from './website-playback.js';
import { WebsitesRepository } from './websites.repository.js';
import { websitesRoutes } from './websites.routes.js';
import { WebsitesService } from './websites.service.js';

export interface LibraryDeps extends MediaBaseDeps {
  libraryConfig: LibraryConfig;
  /** Registered by media.plugin.ts and exported: later modules add their checkers. */
  assetUsage: AssetUsageRegistry;
  assetsQueryRepository: AssetsQueryRepository;
  assetArchiveRepository: AssetArchiveRepository;
  contentOrganizationRepository: ContentOrganizationRepository;
  bulkOrganizeRepository: BulkOrganizeRepository;
  websitesRepository: WebsitesRepository;
  assetViewBuilder: AssetViewBuilder;
  assetsService: AssetsService;
  archiveService: ArchiveService;
  assetPreviewService: AssetPreviewService;
  contentOrganizationService: ContentOrganizationService;
  bulkOrganizeService: BulkOrganizeService;
  websitesService: WebsitesService;
  websiteDiagnostics: WebsiteDiagnostics;
}

/** The asset library: listing, editing, archive, previews, folders, collections, tags, websites. */
export const libraryPart: ModulePart<LibraryDeps> = (r) => {
  r.provide({
    libraryConfig: asFunction(({ config }: KernelDeps) => loadLibraryConfig(config)).singleton(),
    assetsQueryRepository: asClass(AssetsQueryRepository).singleton(),
    assetArchiveRepository: asClass(AssetArchiveRepository).singleton(),
    contentOrganizationRepository: asClass(ContentOrganizationRepository).singleton(),
    bulkOrganizeRepository: asClass(BulkOrganizeRepository).singleton(),
    websitesRepository: asClass(WebsitesRepository).singleton(),
    assetViewBuilder: asClass(AssetViewBuilder).singleton(),
    assetsService: asClass(AssetsService).singleton(),
    archiveService: asClass(ArchiveService).singleton(),
    assetPreviewService: asClass(AssetPreviewService).singleton(),
    contentOrganizationService: asClass(ContentOrganizationService).singleton(),
    bulkOrganizeService: asClass(BulkOrganizeService).singleton(),
    websitesService: asClass(WebsitesService).singleton(),
    websiteDiagnostics: asClass(WebsiteDiagnostics).singleton(),
  });
  r.routes([...assetsRoutes, ...assetFilesRoutes, ...organizationRoutes, ...websitesRoutes]);
  r.onStart(({ settingsService, assetUsage, websitesRepository, libraryConfig, playableTypes, mediaLibrary }) => {
    settingsService.define(librarySettings);
    void libraryConfig; // resolved here so a bad WEBSITE_DIAGNOSTICS_TIMEOUT_MS stops the boot
    // A website that falls back to an image uses it: deleting or archiving that image would break it.
    assetUsage.register((assetIds, trx) => websitesRepository.fallbackUses(assetIds, trx));
    // Websites reach screens as the reference sends them: a streamed item and a `websites[]` entry.
    playableTypes.register(websitePlayback({ websitesRepository, mediaLibrary }));
  });
};
