import type { StageItem } from '../seams.js';
import type { Manifest, ManifestAsset, ManifestItem, ManifestPlaylist } from '../wire/manifest.js';
import { findLayout } from './schedule.js';
import { type WebsiteDefaults, webWidgetSettings, websiteSettings } from './website-settings.js';

/**
 * The playing order of a playlist at an instant: which items can be shown now, with the settings
 * they play with. Pure. Items outside their availability window are skipped, and so are those
 * whose file is not verified yet: the screen shows what it can rather than a blank.
 */

/** The config's `playback` section fields this reads (`GET /player/config`), all optional until a config is kept. */
export interface PlaybackDefaults {
  defaultVolume?: number;
  defaultFitMode?: string;
  defaultImageDurationSeconds?: number;
  defaultTransition?: string;
  defaultAudioEnabled?: boolean;
}

/** One item as it will be shown: the stage's fields without the per-appearance key and the src. */
export interface SequenceEntry {
  item: ManifestItem;
  /** The file shown (image, video); a website, widget or layout has none. */
  asset?: ManifestAsset;
  stage: Omit<StageItem, 'key' | 'src'> & { src?: string };
}

export interface SequenceOptions {
  defaults?: PlaybackDefaults;
  /** The config's `website` section. */
  websiteDefaults?: WebsiteDefaults;
  /** Whether the file is cached and its checksum verified. */
  ready(asset: ManifestAsset): boolean;
}

// The server's defaults for its playback settings, used until a config has been kept.
const SERVER_IMAGE_SECONDS = 10;
const SERVER_VOLUME = 0.5;
// What the reference players give items without a duration: a website a minute, other kinds 30 s.
const WEBSITE_MS = 60_000;
const OTHER_MS = 30_000;
const FITS = new Set(['contain', 'cover', 'stretch']);
const TRANSITIONS = new Set(['fade', 'crossfade']);

const bound = (value: string | null | undefined): number | undefined => (value ? Date.parse(value) : undefined);

/** Whether an availability window holds at `now`: a malformed or empty window never does. */
export function available(w: { availableFrom?: string | null; expiresAt?: string | null }, now: number): boolean {
  const from = bound(w.availableFrom);
  const until = bound(w.expiresAt);
  if (Number.isNaN(from) || Number.isNaN(until)) return false;
  if (from !== undefined && until !== undefined && from >= until) return false;
  return (from === undefined || now >= from) && (until === undefined || now < until);
}

/** The file an item plays: its variant when named, else the asset's only listed file. */
export function assetOf(m: Manifest, item: ManifestItem): ManifestAsset | undefined {
  return item.variantId ? m.assets.find((a) => a.variantId === item.variantId) : m.assets.find((a) => a.assetId === item.assetId);
}

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

/** The item's settings, with the screen's playback defaults standing in where it asks for them or lacks one. */
export function itemSettings(item: ManifestItem, d: PlaybackDefaults = {}) {
  const useDefaults = item.usePlayerDefaults === true;
  const imageMs = (d.defaultImageDurationSeconds && d.defaultImageDurationSeconds > 0 ? d.defaultImageDurationSeconds : SERVER_IMAGE_SECONDS) * 1000;
  // A video without its own duration lasts as long as its file.
  const fallbackMs = item.assetType === 'image' ? imageMs : item.assetType === 'video' ? undefined : item.assetType === 'website' ? WEBSITE_MS : OTHER_MS;
  const durationMs = useDefaults && item.assetType === 'image' ? fallbackMs : (item.durationMs ?? fallbackMs);
  const fit = (useDefaults ? d.defaultFitMode : item.fitMode || d.defaultFitMode) ?? 'contain';
  const transition = (useDefaults ? d.defaultTransition : item.transition || d.defaultTransition) ?? 'none';
  const defaultVolume = clamp01(d.defaultVolume ?? SERVER_VOLUME);
  return {
    durationMs,
    fitMode: FITS.has(fit) ? fit : 'contain',
    transition: TRANSITIONS.has(transition) ? transition : 'none',
    audioEnabled: useDefaults ? d.defaultAudioEnabled !== false : item.audioEnabled,
    volume: useDefaults || !Number.isFinite(item.volume) ? defaultVolume : clamp01(item.volume),
  };
}

/** The entry for one item, or undefined when it cannot be shown at `now`. */
function entryFor(m: Manifest, item: ManifestItem, now: number, o: SequenceOptions): SequenceEntry | undefined {
  if (!available(item, now)) return undefined;
  const s = itemSettings(item, o.defaults);
  const common = { itemId: item.id, fitMode: s.fitMode, transition: s.transition, audioEnabled: s.audioEnabled, volume: s.volume };
  const durationMs = s.durationMs;
  switch (item.assetType) {
    case 'image':
    case 'video': {
      const asset = assetOf(m, item);
      if (!asset || !available(asset, now) || !o.ready(asset)) return undefined;
      const offsets = {
        ...(item.videoStartOffsetMs ? { videoStartOffsetMs: item.videoStartOffsetMs } : {}),
        ...(item.videoEndOffsetMs ? { videoEndOffsetMs: item.videoEndOffsetMs } : {}),
      };
      return { item, asset, stage: { ...common, kind: item.assetType, ...(durationMs ? { durationMs } : {}), ...offsets } };
    }
    case 'website': {
      const site = m.websites?.find((w) => w.assetId === item.assetId);
      if (!site) return undefined;
      const image = site.fallbackImageAssetId
        ? m.assets.find((a) => a.assetId === site.fallbackImageAssetId && (!site.fallbackVariantId || a.variantId === site.fallbackVariantId))
        : undefined;
      const fallback = image && available(image, now) && o.ready(image) ? { assetId: image.assetId, variantId: image.variantId } : undefined;
      return { item, stage: { ...common, kind: 'website', src: site.url, durationMs, website: websiteSettings(site, o.websiteDefaults, fallback) } };
    }
    case 'layout': {
      const layoutId = item.layoutId ?? item.assetId;
      return findLayout(m, layoutId) ? { item, stage: { ...common, kind: 'layout', layoutId, durationMs } } : undefined;
    }
    case 'widget': {
      // As the reference players: a web page plays as a website, a native presentation is drawn full
      // screen. This player asks for schema 13, so a widget without a presentation (schema 11 and
      // 12 send provider settings instead) has nothing it can draw and is skipped.
      const widget = m.widgets?.find((w) => w.assetId === item.assetId);
      const p = widget?.presentation;
      if (widget && p?.kind === 'web' && p.web?.url) {
        return { item, stage: { ...common, kind: 'website', src: p.web.url, durationMs, website: webWidgetSettings(widget.name, p.web) } };
      }
      if (widget && p?.kind === 'native' && p.native?.root) return { item, stage: { ...common, kind: 'widget', widgetId: widget.assetId, durationMs } };
      return undefined;
    }
    default:
      // Kinds this player does not know are not shown.
      return undefined;
  }
}

/** The items of `playlist` that can be shown at `now`, in playlist order. */
export function playingOrder(m: Manifest, playlist: ManifestPlaylist, now: number, o: SequenceOptions): SequenceEntry[] {
  return playlist.items.flatMap((item) => {
    const e = entryFor(m, item, now, o);
    return e ? [e] : [];
  });
}

/** A whole-screen layout (assigned, scheduled or presented): one entry that stays until the selection changes. */
export function layoutEntry(layoutId: string): SequenceEntry {
  const item: ManifestItem = {
    id: layoutId,
    assetId: layoutId,
    layoutId,
    assetType: 'layout',
    durationMs: null,
    fitMode: 'contain',
    transition: 'none',
    audioEnabled: false,
    volume: 0,
    deliveryPolicy: 'stream',
  };
  return { item, stage: { itemId: layoutId, kind: 'layout', layoutId, fitMode: 'contain', transition: 'none', audioEnabled: false, volume: 0 } };
}

/** The next instant at which an item or file of `playlist` enters or leaves its availability window. */
export function nextAvailabilityChange(m: Manifest, playlist: ManifestPlaylist, now: number): number | undefined {
  let next: number | undefined;
  for (const item of playlist.items) {
    const asset = assetOf(m, item);
    for (const w of asset ? [item, asset] : [item]) {
      for (const t of [bound(w.availableFrom), bound(w.expiresAt)]) {
        if (t !== undefined && t > now && (next === undefined || t < next)) next = t;
      }
    }
  }
  return next;
}
