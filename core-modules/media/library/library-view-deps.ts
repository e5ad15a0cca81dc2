import type { AssetViewBuilder } from './library-asset-view.js';
import type { LibraryBaseDeps } from './library-base-deps.js';

/** An asset as the console sees it, which the assets' and the websites' services answer with. */
export interface LibraryViewDeps extends LibraryBaseDeps {
  assetViewBuilder: AssetViewBuilder;
}
