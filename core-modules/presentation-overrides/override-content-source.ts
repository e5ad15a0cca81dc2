import { type ContentSource, refKey, switchedTo } from '../player/player.api.js';
import type { ManifestOverride } from './presentation-overrides.section.js';
import type { PresentationOverridesBaseDeps } from './presentation-overrides-base-deps.js';
import type { OverrideRow } from './presentation-overrides.repository.js';

/** Between takeovers (500) and schedules (300). */
export const OVERRIDE_RANK = 400;
export const OVERRIDE_SOURCE = 'presentation-overrides.override';

type Deps = Pick<PresentationOverridesBaseDeps, 'presentationOverridesRepository' | 'screenGroups' | 'contentKinds'>;

const newestFirst = (a: OverrideRow, b: OverrideRow) => b.started_at.getTime() - a.started_at.getTime() || (a.id < b.id ? 1 : -1);

/**
 * The quick presentation on each screen (its own, or its group's; the newest when both): its
 * section and what it plays, through the content's kind. Keyed by the session, so a group's
 * members share one build.
 */
export function overrideContentSource(d: Deps): ContentSource {
  return {
    name: OVERRIDE_SOURCE,
    rank: OVERRIDE_RANK,
    plugin: 'presentation-overrides',
    async keysFor(screenIds, memo) {
      const groupOf = await d.screenGroups.groupsOf(screenIds, memo);
      const rows = (await d.presentationOverridesRepository.runningOn(screenIds, [...new Set(groupOf.values())])).sort(newestFirst);
      const keys = new Map<string, string>();
      for (const screenId of screenIds) {
        const row = rows.find((r) => (r.target_type === 'screen' ? r.target_id === screenId : r.target_id === groupOf.get(screenId)));
        if (row) keys.set(screenId, row.id);
      }
      return keys;
    },
    async content(id, memo) {
      const row = await memo.once(`presentation-override:${id}`, () => d.presentationOverridesRepository.byId(id));
      if (!row || row.stopped_at) return undefined;
      const ref = { contentType: row.content_type, contentId: row.content_id };
      const [played, names] = await Promise.all([d.contentKinds.content(ref, memo), d.contentKinds.names([ref])]);
      if (!played) return undefined;
      const layoutId = row.content_type === 'layout' ? row.content_id : undefined;
      const playlistId = layoutId ? undefined : played.playlist?.id;
      if (!layoutId && !playlistId) return undefined;
      const presentationOverride: ManifestOverride = {
        id: row.id,
        contentType: row.content_type,
        contentId: row.content_id,
        contentName: names.get(refKey(ref)) ?? '',
        startedAt: row.started_at.toISOString(),
        ...(row.expires_at ? { expiresAt: row.expires_at.toISOString() } : {}),
        ...(playlistId ? { playlistId } : {}),
        ...(layoutId ? { layoutId } : {}),
        wakeDisplay: row.wake_display,
      };
      return { ...switchedTo(played), presentationOverride };
    },
  };
}
