import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dataSourceLibraryRef } from '../data-sources/data-sources.api.js';
import { assetUsageRef, mediaLibraryRef, ownedAssetsRef, playableTypesRef } from '../media/media.api.js';
import { contentKindsRef, manifestSectionsRef } from '../player/player.api.js';
import type { WidgetDefinitions } from './definitions/widget-definition.js';
import type { WidgetsRepository } from './widgets.repository.js';

export const widgetsUses = {
  ownedAssets: ownedAssetsRef,
  assetUsage: assetUsageRef,
  mediaLibrary: mediaLibraryRef,
  playableTypes: playableTypesRef,
  dataSourceLibrary: dataSourceLibraryRef,
  manifestSections: manifestSectionsRef,
  contentKinds: contentKindsRef,
};

/** What the widgets module's services build on: its table, the registered types, and the modules it uses. */
export interface WidgetsBaseDeps extends KernelDeps, UsedDeps<typeof widgetsUses> {
  widgetsRepository: WidgetsRepository;
  widgetDefinitions: WidgetDefinitions;
}
