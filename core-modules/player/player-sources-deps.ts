import type { ContentKinds } from './content-kinds.js';
import type { ContentSources } from './content-sources.js';
import type { ManifestPlugins } from './manifest-plugins.js';
import type { PlayerBaseDeps } from './player-base-deps.js';

/**
 * What a manifest is built from: the modules' content sources and the plugins' entries, and the
 * kinds of content screens can be given. The kinds sit here, not in the base: content-kinds.ts
 * reads the sources' types, and those reach the base through the plugins' entries.
 */
export interface PlayerSourcesDeps extends PlayerBaseDeps {
  contentKinds: ContentKinds;
  contentSources: ContentSources;
  manifestPlugins: ManifestPlugins;
}
