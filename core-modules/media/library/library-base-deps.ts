import type { OwnedAssetFields } from './owned/owned-asset-fields.js';
import type { MediaBaseDeps } from '../media-base-deps.js';
import type { AssetArchiveRepository } from './archive/asset-archive.repository.js';
import type { AssetUsageRegistry } from './asset-usage.js';
import type { AssetsQueryRepository } from './assets-query.repository.js';
import type { LibraryConfig } from './library-config.js';
import type { MediaLibraryReader } from './media-library-reader.js';
import type { BulkOrganizeRepository } from './organization/bulk-organize.repository.js';
import type { ContentOrganizationRepository } from './organization/organization.repository.js';
import type { WebsitesRepository } from './websites/websites.repository.js';

/**
 * What every part of the library can use: its tables, its config, who uses an asset, and the
 * library as other modules read it. The asset view and the services sit in layers above, so no
 * service's own deps file names it.
 */
export interface LibraryBaseDeps extends MediaBaseDeps {
  libraryConfig: LibraryConfig;
  /** Registered by media.plugin.ts and exported: later modules add their checkers. */
  assetUsage: AssetUsageRegistry;
  /** Registered by media.plugin.ts and exported as the media face's `mediaLibrary`. */
  mediaLibrary: MediaLibraryReader;
  assetsQueryRepository: AssetsQueryRepository;
  assetArchiveRepository: AssetArchiveRepository;
  contentOrganizationRepository: ContentOrganizationRepository;
  bulkOrganizeRepository: BulkOrganizeRepository;
  websitesRepository: WebsitesRepository;
  /** The asset types other modules own, and the asset JSON with their fields. */
  ownedAssetFields: OwnedAssetFields;
}
