import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { dataOf } from '../api/errors';
import type { DataOf } from '../api/types';
import type { CalendarSchedule } from './calendar-events';

export type Schedule = DataOf<'/api/v1/schedules', 'get'>['items'][number];

const PAGE = 100;

/** What the calendar and the conflict check read of a stored schedule. */
export function planOf(s: Schedule): CalendarSchedule {
  return {
    ...s,
    plays: Boolean(s.playlistId || s.layoutId),
    contentKey: s.playlistId ?? s.layoutId ?? s.displayAction?.type ?? s.presentationType,
    revision: s.updatedAt,
  };
}

/**
 * Every schedule (a server holds at most 1,000), page by page: conflicts and the calendar need them
 * all. Keyed under the list's path, so a `resource.changed` event makes it stale like any list read.
 */
export function useSchedules() {
  return useQuery({
    queryKey: ['get', '/api/v1/schedules', { all: true }],
    queryFn: async () => {
      const first = dataOf(await api.GET('/api/v1/schedules', { params: { query: { page: 1, pageSize: PAGE } } }));
      const pages = Math.ceil(first.total / PAGE);
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, pages - 1) }, (_, i) =>
          api.GET('/api/v1/schedules', { params: { query: { page: i + 2, pageSize: PAGE } } }).then(dataOf),
        ),
      );
      return { items: [first, ...rest].flatMap((p) => p.items), defaultTimezone: first.defaultTimezone };
    },
  });
}
