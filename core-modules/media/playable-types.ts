import type { AssetType } from './media-types.js';
import type { ServedFile } from './served-file.js';

/** A ready, unarchived asset, as the library reads it once for a whole build. */
export interface PlayingAsset {
  id: string;
  name: string;
  type: AssetType;
  /** The file a player is given for it, when it has one a player can use. */
  file?: ServedFile;
}

/**
 * What a screen needs to play an asset as a playlist item: the file the item names (absent for what
 * is not a file a player downloads, a website), what the item must say whatever the playlist's
 * settings (a website streams), the manifest section entries it needs (a website's `websites[]`
 * entry), and every file the player must download for it (a website's fallback image).
 */
export interface PlayableAsset {
  assetId: string;
  assetType: string;
  file?: ServedFile;
  /**
   * What the item must say whatever the playlist's settings (a website streams), and the lowest
   * manifest schema whose players can play it (a widget older players do not draw): players below
   * it are sent the playlist without the item rather than one their validator refuses.
   */
  item?: { deliveryPolicy?: 'stream'; sinceSchema?: number };
  sections?: Record<string, unknown[]>;
  files: ServedFile[];
  /**
   * What it may put out, for containers that allow one video and one sound at a time (a layout):
   * a video file plays both unless silent; a YouTube widget both; an image neither.
   */
  emits?: { video?: boolean; audio?: boolean };
  /** ISO 8601: its availability window, when it has one. */
  availableFrom?: string;
  expiresAt?: string;
}

/** How assets of one type are played; registered by the module owning the type. */
export interface PlayableType {
  /** The asset type: `image`, `video`, `website`; `widget` when widgets come. */
  type: string;
  /**
   * What playing each of these assets (all of this type) needs, by id; those it cannot play now
   * are left out.
   */
  playable(assets: PlayingAsset[]): Promise<Map<string, PlayableAsset>>;
}

/**
 * The asset types screens can play (exported in the media face as `playableTypes`): each type's
 * owner says how its assets are played, so a playlist item of a new type reaches manifests
 * without the playlists or player modules knowing it.
 */
export class PlayableTypes {
  private readonly types = new Map<string, PlayableType>();

  register(type: PlayableType): void {
    if (this.types.has(type.type)) throw new Error(`playable asset type ${type.type} is registered twice`);
    this.types.set(type.type, type);
  }

  has(type: string): boolean {
    return this.types.has(type);
  }

  /** What playing each asset needs, by its type; assets of no registered type are left out. */
  async playable(assets: PlayingAsset[]): Promise<Map<string, PlayableAsset>> {
    const byType = new Map<string, PlayingAsset[]>();
    for (const asset of assets) {
      const ofType = byType.get(asset.type);
      if (ofType) ofType.push(asset);
      else byType.set(asset.type, [asset]);
    }
    const result = new Map<string, PlayableAsset>();
    await Promise.all(
      [...byType].map(async ([type, ofType]) => {
        const found = await this.types.get(type)?.playable(ofType);
        for (const [id, playable] of found ?? []) result.set(id, playable);
      }),
    );
    return result;
  }
}
