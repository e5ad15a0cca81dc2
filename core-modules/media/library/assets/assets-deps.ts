import type { ArchiveService } from '../archive/archive.service.js';
import type { LibraryViewDeps } from '../library-view-deps.js';
import type { AssetPreviewService } from './asset-preview.service.js';
import type { AssetsService } from './assets.service.js';

export interface AssetsDeps extends LibraryViewDeps {
  assetsService: AssetsService;
  archiveService: ArchiveService;
  assetPreviewService: AssetPreviewService;
}
