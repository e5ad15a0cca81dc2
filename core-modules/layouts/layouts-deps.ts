import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dataSourceLibraryRef } from '../data-sources/data-sources.api.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { editorialRef, publishableKindsRef } from '../editorial/editorial.api.js';
import { assetUsageRef, mediaLibraryRef } from '../media/media.api.js';
import { contentKindsRef, manifestSectionsRef } from '../player/player.api.js';
import { screenTargetsRef } from '../screens/screens.api.js';
import type { LayoutContent } from './layout-content.js';
import type { LayoutPreviews } from './layout-previews.js';
import type { LayoutPublisher } from './layout-publisher.js';
import type { LayoutsRepository } from './layouts.repository.js';
import type { LayoutsService } from './layouts.service.js';

export const layoutsUses = {
  mediaLibrary: mediaLibraryRef,
  assetUsage: assetUsageRef,
  contentKinds: contentKindsRef,
  manifestSections: manifestSectionsRef,
  dataSourceLibrary: dataSourceLibraryRef,
  dependencyGraph: dependencyGraphRef,
  screenTargets: screenTargetsRef,
  publishableKinds: publishableKindsRef,
  editorial: editorialRef,
};

/** What the layouts module's parts build on: its tables and what it uses of other modules. */
export interface LayoutsBaseDeps extends KernelDeps, UsedDeps<typeof layoutsUses> {
  layoutsRepository: LayoutsRepository;
}

/** The whole layouts module's container. */
export interface LayoutsDeps extends LayoutsBaseDeps {
  layoutsService: LayoutsService;
  layoutPreviews: LayoutPreviews;
  layoutPublisher: LayoutPublisher;
  layoutContent: LayoutContent;
}
