import { Type, type Static } from '@sinclair/typebox';
import { AssetSchema, assetView } from '../asset-view.js';
import type { AssetRow, VariantRow } from '../media.models.js';
import { WebsiteSchema, websiteView } from './websites/website-view.js';
import type { LibraryBaseDeps } from './library-base-deps.js';

/**
 * An asset as the library shows it: the shared Asset JSON plus, for websites, how they are shown.
 * Types other modules own add their field to it (see OwnedAssetFields).
 */
export const LibraryAssetSchema = Type.Object({
  ...AssetSchema.properties,
  /** A website's settings; absent for other assets. */
  website: Type.Optional(WebsiteSchema),
});
export type LibraryAssetView = Static<typeof LibraryAssetSchema>;

const groupBy = <T, V>(items: T[], key: (t: T) => string, value: (t: T) => V) => {
  const map = new Map<string, V[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(value(item));
    else map.set(key(item), [value(item)]);
  }
  return map;
};

type Deps = Pick<LibraryBaseDeps, 'assetsRepository' | 'assetsQueryRepository' | 'websitesRepository' | 'ownedAssetFields'>;

/**
 * Turns asset rows into API views with their variants, tags, collections and website settings,
 * one query per kind of relation for a whole page, never one per asset.
 */
export class AssetViewBuilder {
  constructor(private readonly d: Deps) {}

  async many(rows: AssetRow[]): Promise<LibraryAssetView[]> {
    const ids = rows.map((r) => r.id);
    const [variants, tags, collections, websites, owned] = await Promise.all([
      this.d.assetsRepository.variantsOf(ids),
      this.d.assetsQueryRepository.tagsOf(ids),
      this.d.assetsQueryRepository.collectionIdsOf(ids),
      this.d.websitesRepository.byAssetIds(ids),
      this.d.ownedAssetFields.views(rows),
    ]);
    const variantsBy = groupBy(
      variants,
      (v) => v.asset_id,
      (v: VariantRow) => v,
    );
    const tagsBy = groupBy(
      tags,
      (t) => t.asset_id,
      (t) => ({ id: t.id, name: t.name, color: t.color }),
    );
    const collectionsBy = groupBy(
      collections,
      (c) => c.asset_id,
      (c) => c.collection_id,
    );
    const websiteBy = new Map(websites.map((w) => [w.asset_id, w]));
    return rows.map((row) => {
      const website = websiteBy.get(row.id);
      const field = owned.get(row.id);
      return {
        ...(field ? { [field[0]]: field[1] } : {}),
        ...assetView(row, variantsBy.get(row.id) ?? [], { tags: tagsBy.get(row.id) ?? [], collectionIds: collectionsBy.get(row.id) ?? [] }),
        ...(website ? { website: websiteView(website) } : {}),
      };
    });
  }

  async one(row: AssetRow): Promise<LibraryAssetView> {
    return (await this.many([row]))[0]!;
  }
}
