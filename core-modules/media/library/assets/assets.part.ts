import type { AssetResponses } from '../owned/owned-asset-fields.js';
import { asClass } from 'awilix';
import type { ModulePart } from '../../../../kernel/plugin.js';
import { ArchiveService } from '../archive/archive.service.js';
import { assetFilesRoutes } from './asset-files.routes.js';
import { AssetPreviewService } from './asset-preview.service.js';
import type { AssetsDeps } from './assets-deps.js';
import { assetsRoutes } from './assets.routes.js';
import { AssetsService } from './assets.service.js';

/** The assets themselves: listing, editing, deleting, archiving and restoring, and their files for the console. */
export const assetsPart =
  (asset: AssetResponses): ModulePart<AssetsDeps> =>
  (r) => {
    r.provide({
      assetsService: asClass(AssetsService).singleton(),
      archiveService: asClass(ArchiveService).singleton(),
      assetPreviewService: asClass(AssetPreviewService).singleton(),
    });
    r.routes([...assetsRoutes(asset), ...assetFilesRoutes]);
  };
