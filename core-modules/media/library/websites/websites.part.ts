import type { AssetResponses } from '../owned/owned-asset-fields.js';
import { asClass } from 'awilix';
import type { ModulePart } from '../../../../kernel/plugin.js';
import { WebsiteDiagnostics } from './website-diagnostics.js';
import { websitePlayback } from './website-playback.js';
import type { WebsitesDeps } from './websites-deps.js';
import { websitesRoutes } from './websites.routes.js';
import { WebsitesService } from './websites.service.js';

/** Website assets: their settings, the checks their address gets, and how screens play them. */
export const websitesPart =
  (asset: AssetResponses): ModulePart<WebsitesDeps> =>
  (r) => {
    r.provide({
      websitesService: asClass(WebsitesService).singleton(),
      websiteDiagnostics: asClass(WebsiteDiagnostics).singleton(),
    });
    r.routes(websitesRoutes(asset));
    r.onStart(({ assetUsage, websitesRepository, playableTypes, mediaLibrary }) => {
      // A website that falls back to an image uses it: deleting or archiving that image would break it.
      assetUsage.register((assetIds, trx) => websitesRepository.fallbackUses(assetIds, trx));
      // Websites reach screens as the reference sends them: a streamed item and a `websites[]` entry.
      playableTypes.register(websitePlayback({ websitesRepository, mediaLibrary }));
    });
  };
