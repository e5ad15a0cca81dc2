import type { ContentSource, SourceContent } from '../player/player.api.js';
import { parseRefKey, refKey } from '../player/player.api.js';
import { groupContent } from './groups.repository.js';
import { memberGroupsIn } from './member-groups.js';
import type { ScreenGroupsDeps } from './screen-groups-deps.js';
import { panelOf } from './span/span.repository.js';

type Deps = Pick<ScreenGroupsDeps, 'groupsRepository' | 'spanRepository' | 'contentKinds' | 'panelFilesService'>;

/** Everything a member's group gives it, and so the key of that content. */
interface GroupPart {
  groupId: string;
  playbackEpoch: string;
  /** The group's content as a `refKey`, if any. */
  content: string | null;
  wall?: { screenId: string; canvas: { width: number; height: number }; viewport: ReturnType<typeof viewportOf> };
}

const viewportOf = (panel: Parameters<typeof panelOf>[0]) => {
  const { screenId: _, ...viewport } = panelOf(panel);
  return viewport;
};

/**
 * What a member gets from its group: the group's playlist for members with none of their own (it
 * ranks just below the screen's own assignment, 100, so the precedence stays in the player's one
 * rule), the sync group every member plays in step with, and on a video wall its panel (the
 * canvas and viewport, and its cut of each video).
 */
export function groupContentSource(d: Deps): ContentSource {
  return {
    name: 'screen-groups.assignment',
    rank: 90,
    plugin: 'screen-groups',
    async keysFor(screenIds, memo) {
      const groups = await memberGroupsIn(memo, d.groupsRepository, screenIds);
      // Panels are read only for members of walls (usually none).
      const onWalls = [...groups].filter(([, g]) => g.display_mode === 'span').map(([screenId]) => screenId);
      const panels = onWalls.length ? await d.spanRepository.panelsOf(onWalls) : new Map<string, never>();
      const keys = new Map<string, string>();
      for (const [screenId, group] of groups) {
        const wall = panels.get(screenId);
        const given = groupContent(group);
        const part: GroupPart = {
          groupId: group.id,
          playbackEpoch: group.playback_epoch.toISOString(),
          content: given && refKey(given),
          ...(wall && group.display_mode === 'span' ? { wall: { screenId, canvas: wall.canvas, viewport: viewportOf(wall.panel) } } : {}),
        };
        // The key is the content's description itself: equal parts share one build.
        keys.set(screenId, JSON.stringify(part));
      }
      return keys;
    },
    async content(key, memo) {
      const part = JSON.parse(key) as GroupPart;
      const given = part.content ? await d.contentKinds.content(parseRefKey(part.content), memo) : undefined;
      const content: SourceContent = {
        ...(given ?? { files: [] }),
        syncGroup: { id: part.groupId, playbackEpoch: part.playbackEpoch },
      };
      const { wall } = part;
      if (wall) {
        content.canvas = wall.canvas;
        content.viewport = wall.viewport;
        // Every video the member plays, whichever source named it, becomes its panel of that video.
        content.adjust = (assembled, memo) => d.panelFilesService.forMember(part.groupId, wall.screenId, assembled, memo);
      }
      return content;
    },
  };
}
