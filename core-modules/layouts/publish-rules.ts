import type { LayoutDocument, LayoutPlacement } from './layout-document.js';
import type { LayoutProblem } from './layout-rules.js';

/** What may come out of a piece of content: a video picture, sound. */
export interface Emits {
  video?: boolean;
  audio?: boolean;
}

/** What publishing needs to know of the content a document names, read by the service. */
export interface PublishFacts {
  /** Playable widgets by id (ready, with what they emit); absent ones cannot be shown. */
  widgets: Map<string, Emits>;
  /** Playable assets by id, with their type and whether a player downloads a file for them. */
  assets: Map<string, { type: string; hasFile: boolean; emits: Emits }>;
  /** Existing playlists by id, with whether any item may play video (a video, a layout, a video-capable widget). */
  playlists: Map<string, { video: boolean }>;
  /** Existing data sources. */
  dataSources: Set<string>;
  /** Playlists that hold this layout, directly or through other content: a zone showing one would contain the layout itself. */
  containing: Set<string>;
}

/**
 * What keeps a well-formed document from being published: content it names that is gone or cannot
 * be played, more than one visible video-capable or sound-emitting element (players decode one
 * video at a time and mix no sound), a zone whose playlist plays this very layout. Pure.
 */
export function publishProblems(document: LayoutDocument, facts: PublishFacts): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const background = document.canvas.backgroundAssetId;
  if (background) {
    const asset = facts.assets.get(background);
    if (asset?.type !== 'image' || !asset.hasFile) problems.push({ message: 'The background is not a ready image.' });
  }
  const video: string[] = [];
  const audio: string[] = [];
  for (const p of document.placements) {
    const missing = referenceProblem(p, facts);
    if (missing) {
      problems.push({ placementId: p.id, message: missing });
      continue;
    }
    if (!p.visible) continue;
    const emits = emitsOf(p, facts);
    if (emits.video) video.push(p.id);
    if (emits.audio) audio.push(p.id);
  }
  if (video.length > 1) for (const id of video) problems.push({ placementId: id, message: 'A layout shows at most one visible video-capable element.' });
  if (audio.length > 1) for (const id of audio) problems.push({ placementId: id, message: 'A layout has at most one element playing sound; mute the others.' });
  return problems;
}

function referenceProblem(p: LayoutPlacement, facts: PublishFacts): string | undefined {
  if (p.widgetId && !facts.widgets.has(p.widgetId)) return 'The widget does not exist or is not ready.';
  if (p.assetId && !facts.assets.get(p.assetId)?.hasFile) return 'The asset does not exist, is not ready or has no file a player can show.';
  if (p.playlistId && !facts.playlists.has(p.playlistId)) return 'The playlist does not exist.';
  if (p.playlistId && facts.containing.has(p.playlistId)) return 'The playlist plays this layout: a layout cannot contain itself.';
  const source = p.primitive?.binding?.dataSourceId;
  if (source && !facts.dataSources.has(source)) return 'The bound data source does not exist.';
  return undefined;
}

// As the reference counts: a video asset is heard unless its placement is muted; a widget unless
// its overrides mute it; a zone may play video when any of its items may, and is heard unless muted.
function emitsOf(p: LayoutPlacement, facts: PublishFacts): Emits {
  const muted = p.playback?.muted === true;
  if (p.assetId) {
    const { emits } = facts.assets.get(p.assetId)!;
    return { video: emits.video, audio: emits.audio && !muted };
  }
  if (p.widgetId) {
    const emits = facts.widgets.get(p.widgetId)!;
    return { video: emits.video, audio: emits.audio && p.overrides?.muted !== true };
  }
  if (p.playlistId) {
    const { video } = facts.playlists.get(p.playlistId)!;
    return { video, audio: video && !muted };
  }
  return {};
}
