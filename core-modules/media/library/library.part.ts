import { OwnedAssetFields } from './owned/owned-asset-fields.js';
import { OwnedAssets } from './owned/owned-assets.js';
import { ownedAssetsRef } from '../media.api.js';
import { asClass, asFunction, asValue } from 'awilix';
import type { KernelDeps } from '../../../kernel/kernel.js';
import type { ModulePart } from '../../../kernel/plugin.js';
import { AssetArchiveRepository } from './archive/asset-archive.repository.js';
import { assetsPart } from './assets/assets.part.js';
import { AssetsQueryRepository } from './assets-query.repository.js';
import { AssetViewBuilder } from './library-asset-view.js';
import { loadLibraryConfig } from './library-config.js';
import type { LibraryDeps } from './library-deps.js';
import { librarySettings } from './library-settings.js';
import { BulkOrganizeRepository } from './organization/bulk-organize.repository.js';
import { ContentOrganizationRepository } from './organization/organization.repository.js';
import { organizationPart } from './organization/organization.part.js';
import { WebsitesRepository } from './websites/websites.repository.js';
import { websitesPart } from './websites/websites.part.js';

// In this order, so the routes (and the OpenAPI document) keep theirs.
const parts = (owned: OwnedAssetFields) => [assetsPart(owned.responses()), organizationPart, websitesPart(owned.responses())] as ModulePart<LibraryDeps>[];

/** The asset library: listing, editing, archive, previews, folders, collections, tags, websites, each a part in its own folder. */
export const libraryPart: ModulePart<LibraryDeps> = (r) => {
  // This kernel's owned asset types: the asset routes' schemas read it once every start hook ran.
  const owned = new OwnedAssetFields();
  r.provide({
    ownedAssetFields: asValue(owned),
    libraryConfig: asFunction(({ config }: KernelDeps) => loadLibraryConfig(config)).singleton(),
    assetsQueryRepository: asClass(AssetsQueryRepository).singleton(),
    assetArchiveRepository: asClass(AssetArchiveRepository).singleton(),
    contentOrganizationRepository: asClass(ContentOrganizationRepository).singleton(),
    bulkOrganizeRepository: asClass(BulkOrganizeRepository).singleton(),
    websitesRepository: asClass(WebsitesRepository).singleton(),
    assetViewBuilder: asClass(AssetViewBuilder).singleton(),
  });
  r.onStart(({ settingsService, libraryConfig }) => {
    settingsService.define(librarySettings);
    void libraryConfig; // resolved here so a bad WEBSITE_DIAGNOSTICS_TIMEOUT_MS stops the boot
  });
  // Modules owning an asset type (widgets) keep its assets in the library through this.
  r.export(ownedAssetsRef, asClass(OwnedAssets).singleton());
  for (const part of parts(owned)) part(r);
};
