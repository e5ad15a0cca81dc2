import { type ContentRef, type ContentSource, PREFETCH_DAYS_KEY, type SourceContent, refKey, wireField } from '../player/player.api.js';
import { type ScheduleRow, scheduleContent } from './schedules.repository.js';
import type { ManifestSchedule } from './schedules.section.js';
import type { SchedulesBaseDeps } from './schedules-base-deps.js';

/** Above a screen's own assignment (100) and its group's (90); takeovers and quick present rank higher. */
export const SCHEDULE_RANK = 300;
export const SCHEDULE_SOURCE = 'schedules.schedule';

type Deps = Pick<SchedulesBaseDeps, 'schedulesRepository' | 'screenGroups' | 'screensService' | 'contentKinds' | 'settingsService'>;

/** A schedule as players evaluate it offline: only the fields its type uses. */
export function manifestSchedule(row: Omit<ScheduleRow, 'revision' | 'created_by' | 'created_at' | 'updated_at'>, specificity: 0 | 1): ManifestSchedule {
  const common = {
    id: row.id,
    // The reference's field for the content's kind (`playlistId`, `layoutId`), the other left out.
    ...wireField(scheduleContent(row)),
    ...(row.display_action ? { displayAction: row.display_action } : {}),
    type: row.type,
    timezone: row.timezone,
    priority: row.priority,
    specificity,
  };
  if (row.type === 'one_time') return { ...common, oneTimeStart: row.one_time_start!.toISOString(), oneTimeEnd: row.one_time_end!.toISOString() };
  return {
    ...common,
    ...(row.start_date ? { startDate: row.start_date } : {}),
    ...(row.end_date ? { endDate: row.end_date } : {}),
    dailyStart: row.daily_start!,
    dailyEnd: row.daily_end!,
    daysOfWeek: row.days_of_week,
  };
}

/**
 * What scheduled content contributes: a playlist given as what plays (`playlist`) is one the player
 * may switch to (`playlists`); every other section a kind gives (a layout's `layouts`, …) is a list
 * gathered as it is, with the files.
 */
function scheduled(contents: (SourceContent | undefined)[]): SourceContent {
  const merged: Record<string, unknown[]> = { playlists: [], files: [] };
  for (const content of contents) {
    if (!content) continue;
    const { playlist, adjust: _, ...sections } = content;
    if (playlist) merged.playlists!.push(playlist);
    for (const [name, value] of Object.entries(sections)) if (Array.isArray(value)) merged[name] = [...(merged[name] ?? []), ...value];
  }
  return merged as unknown as SourceContent;
}

/**
 * The schedules that reach a screen within the prefetch horizon, with every playlist they name and
 * its files: the player switches at each boundary by itself, offline too. Keyed by the schedules'
 * ids, revisions and specificities, so screens with the same set share one build.
 */
export function scheduleContentSource(d: Deps): ContentSource {
  return {
    name: SCHEDULE_SOURCE,
    rank: SCHEDULE_RANK,
    plugin: 'schedules',
    async keysFor(screenIds, memo) {
      const [groupOf, horizonDays] = await Promise.all([d.screenGroups.groupsOf(screenIds, memo), d.settingsService.get<number>(PREFETCH_DAYS_KEY)]);
      const reaching = await d.schedulesRepository.reaching(screenIds, groupOf, horizonDays);
      // Platforms are read only for the screens a display-control schedule reaches (usually none).
      const displayed = [...reaching].filter(([, list]) => list.some((r) => r.displays)).map(([screenId]) => screenId);
      const platforms = displayed.length ? await d.screensService.platformsOf(displayed) : new Map<string, string>();
      const keys = new Map<string, string>();
      for (const [screenId, list] of reaching) {
        // Only Linux players run display-control schedules; the Android player refuses a manifest
        // whose schedule names nothing it can play, so they never reach one.
        const runnable = platforms.get(screenId) === 'linux' ? list : list.filter((r) => !r.displays);
        if (!runnable.length) continue;
        const sorted = [...runnable].sort((a, b) => (a.scheduleId < b.scheduleId ? -1 : 1));
        keys.set(screenId, sorted.map((r) => `${r.scheduleId}@${r.revision}:${r.specificity}`).join(','));
      }
      return keys;
    },
    async content(key, memo) {
      const entries = key.split(',').map((entry) => {
        const [id, rest] = entry.split('@') as [string, string];
        const [revision, specificity] = rest.split(':');
        return { id, revision: Number(revision), specificity: Number(specificity) as 0 | 1 };
      });
      const specificityOf = new Map(entries.map((e) => [e.id, e.specificity]));
      const rows = (await d.schedulesRepository.atRevisions(entries)).filter((r) => r.enabled);
      // Asked together: each kind loads its own in one batch.
      const refs = new Map<string, ContentRef>();
      for (const row of rows) {
        const ref = scheduleContent(row);
        if (ref) refs.set(refKey(ref), ref);
      }
      const given = new Map(await Promise.all([...refs].map(async ([key, ref]) => [key, await d.contentKinds.content(ref, memo)] as const)));
      // A schedule whose content has gone meanwhile is left out rather than sent pointing at nothing.
      const playable = rows.filter((row) => {
        const ref = scheduleContent(row);
        return row.display_action || (ref && given.get(refKey(ref)));
      });
      return { schedules: playable.map((r) => manifestSchedule(r, specificityOf.get(r.id)!)), ...scheduled([...given.values()]) };
    },
  };
}
