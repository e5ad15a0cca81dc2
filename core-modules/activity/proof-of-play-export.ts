import { csvText } from '../../kernel/http/csv.js';
import type { ScreenDirectory } from '../screens/screens.api.js';
import type { ExportRow, PlayFilter, ProofOfPlayRepository } from './proof-of-play.repository.js';
import { offsetMinutes } from './proof-of-play.service.js';
import { getOrSet } from '../../kernel/collections.js';

/** Rows per database round trip: big enough to amortise it, small enough to keep memory flat. */
const PAGE_ROWS = 2_000;
/** Rows per chunk written (~80 KB): each chunk dies young instead of reaching the old generation. */
const CHUNK_ROWS = 500;
const SLOT_MS = 15 * 60_000;

export const EXPORT_COLUMNS = [
  'session_id',
  'screen',
  'screen_id',
  'session_type',
  'local_date',
  'started_at',
  'ended_at',
  'duration_seconds',
  'expected_seconds',
  'result',
  'terminal_reason',
  'interrupted',
  'presentation_type',
  'presentation_id',
  'content_type',
  'content_id',
  'playlist_item_id',
  'layout_placement_id',
  'schedule_id',
  'takeover_id',
  'synthesized_start',
];

/** Local wall time with its offset (`2026-11-20T23:30:00+01:00`), offsets cached per quarter hour. */
function localStamps(tz: string) {
  const offsets = new Map<number, number>();
  return (ms: number) => {
    const slot = Math.floor(ms / SLOT_MS);
    const offset = getOrSet(offsets, slot, () => offsetMinutes(tz, ms));
    const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
    const sign = offset < 0 ? '-' : '+';
    const abs = Math.abs(offset);
    return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  };
}

const seconds = (ms: number | null) => (ms === null ? '' : (ms / 1000).toFixed(3));
const opt = (v: string | null) => (v === null ? '' : csvText(v));

/**
 * The proof-of-play CSV, produced page by page as the client reads (oldest first): each page is
 * one keyset query released before it is sent, so a slow download neither holds a connection nor
 * grows memory, and a closed connection stops it at the next page. Every text a player or user
 * chose is defused against spreadsheet formulas.
 */
export async function* proofOfPlayCsv(
  d: { proofOfPlayRepository: ProofOfPlayRepository; screensService: ScreenDirectory },
  filter: PlayFilter,
  tz: string,
  signal: AbortSignal,
): AsyncGenerator<string> {
  yield `${EXPORT_COLUMNS.join(',')}\n`;
  const stamp = localStamps(tz);
  const names = new Map<string, string>();
  let after: { startedMs: number; id: string } | undefined;
  while (!signal.aborted) {
    const rows = await d.proofOfPlayRepository.exportPage(filter, PAGE_ROWS, after);
    const unnamed = [...new Set(rows.map((r) => r.screen_id!))].filter((id) => !names.has(id));
    for (const [id, name] of await d.screensService.namesOf(unnamed)) names.set(id, csvText(name));
    for (let i = 0; i < rows.length; i += CHUNK_ROWS)
      yield rows
        .slice(i, i + CHUNK_ROWS)
        .map((r) => line(r, names, stamp))
        .join('');
    if (rows.length < PAGE_ROWS) return;
    const last = rows.at(-1)!;
    after = { startedMs: last.startedAt, id: last.id! };
  }
}

function line(r: ExportRow, names: Map<string, string>, stamp: (ms: number) => string): string {
  const started = stamp(r.startedAt);
  const fields = [
    r.id,
    names.get(r.screen_id!) ?? '',
    r.screen_id,
    r.session_type,
    started.slice(0, 10),
    started,
    r.endedAt === null ? '' : stamp(r.endedAt),
    seconds(r.duration_ms),
    seconds(r.expected_duration_ms),
    r.result,
    r.terminal_reason ?? '',
    r.interrupted,
    opt(r.presentation_type),
    opt(r.presentation_id),
    opt(r.content_type),
    opt(r.content_id),
    opt(r.playlist_item_id),
    opt(r.layout_placement_id),
    opt(r.schedule_id),
    opt(r.takeover_id),
    r.synthesized_start,
  ];
  return `${fields.join(',')}\n`;
}
