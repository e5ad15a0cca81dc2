import type { Knex } from 'knex';
import { conflict } from '../../../kernel/errors.js';

/** One thing that uses an asset: a playlist item, a layout, a website's fallback image, … */
export interface AssetUse {
  assetId: string;
  /** What kind of thing uses it (`playlist`, `layout`, `website`, …). */
  kind: string;
  id: string;
  name: string;
}

/**
 * Finds the uses of any of `assetIds`. Called inside the transaction that deletes or archives them
 * (`trx`), so a checker that reads with it sees the same snapshot and the locks already taken.
 */
export type AssetUsageChecker = (assetIds: string[], trx?: Knex.Transaction) => Promise<AssetUse[]>;

/**
 * The media module cannot know which later modules point at assets (media must not depend on
 * playlists or layouts), so they register a checker here, exported as `assetUsage`, in their start
 * hook. With no checker registered nothing is in use.
 */
export class AssetUsageRegistry {
  private readonly checkers: AssetUsageChecker[] = [];

  register(checker: AssetUsageChecker): void {
    this.checkers.push(checker);
  }

  async usesOf(assetIds: string[], trx?: Knex.Transaction): Promise<AssetUse[]> {
    if (assetIds.length === 0) return [];
    const uses: AssetUse[] = [];
    // One after another: inside a transaction they share one connection anyway.
    for (const check of this.checkers) uses.push(...(await check(assetIds, trx)));
    return uses;
  }

  /** 409 `asset_in_use`, listing every use in `details.usedBy`, when any of the assets is used. */
  async assertUnused(assetIds: string[], trx?: Knex.Transaction): Promise<void> {
    const usedBy = await this.usesOf(assetIds, trx);
    if (usedBy.length) {
      const names = [...new Set(usedBy.map((u) => `${u.kind} "${u.name}"`))].slice(0, 5).join(', ');
      throw conflict('asset_in_use', `The asset is still used by ${names}${usedBy.length > 5 ? ', …' : ''}.`, { usedBy });
    }
  }
}
