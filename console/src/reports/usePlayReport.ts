import { keepPreviousData } from '@tanstack/react-query';
import { $api } from '../api/client';
import { type ReportParams, rangeOf } from './report-params';

/**
 * The server's proof-of-play filters for these parameters. `child` counts what played inside the
 * screens' presentations, each play once (a presentation itself is the screen's wall clock, not a play).
 */
export function playFilters(p: ReportParams) {
  return {
    ...rangeOf(p),
    sessionType: 'child' as const,
    ...(p.screen ? { screen: p.screen } : {}),
    ...(p.asset ? { asset: p.asset } : {}),
    ...(p.playlist ? { playlist: p.playlist } : {}),
  };
}

/** The same filters as the CSV export's address, its times in the reader's time zone. */
export function exportHref(p: ReportParams): string {
  const query = new URLSearchParams({ ...playFilters(p), tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
  return `/api/v1/activity/proof-of-play/export.csv?${query}`;
}

/** Totals per UTC day for the charts, and per screen, item or playlist for the table. */
export function usePlayReport(p: ReportParams) {
  const filters = playFilters(p);
  // The last report stays on screen while another range or filter loads.
  const keep = { placeholderData: keepPreviousData };
  const daily = $api.useQuery('get', '/api/v1/activity/proof-of-play/summary', { params: { query: { ...filters, groupBy: 'day' } } }, keep);
  const grouped = $api.useQuery('get', '/api/v1/activity/proof-of-play/summary', { params: { query: { ...filters, groupBy: p.by } } }, keep);
  // Playlists are grouped by id; their names come from the playlists themselves.
  const playlists = $api.useQuery('get', '/api/v1/playlists', { params: { query: { pageSize: 100 } } }, { enabled: p.by === 'presentation' });
  const playlistNames = new Map((playlists.data?.data.items ?? []).map((pl) => [pl.id, pl.name]));
  return { daily, grouped, playlistNames, range: rangeOf(p), error: daily.error ?? grouped.error };
}
