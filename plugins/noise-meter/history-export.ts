import { csvText, filenamePart } from '../../kernel/http/csv.js';
import type { RawRow, SeriesPoint } from './history.repository.js';
import type { HistoryQuery, ScopedQuery } from './history.service.js';
import type { HistoryServiceDeps } from './history-service-deps.js';

export type Granularity = 'raw' | 'minute' | 'daily';

/** Rows per database round trip: big enough to amortise it, small enough to keep memory flat. */
const PAGE_ROWS = 5_000;
/**
 * Rows per chunk written: about 50 KB, below V8's large-object size, so each chunk dies young. One
 * string per page (~250 KB) went straight to the old generation and made RSS saw by ~100 MB.
 */
const CHUNK_ROWS = 1_000;
/** Minute export: one query per six hours of history (360 rows per screen set). */
const MINUTE_WINDOW_MS = 6 * 3_600_000;

const HEADERS: Record<Granularity, string> = {
  raw: 'timestamp,screen,average_level,peak_level,monitored_seconds,warning_seconds,loud_seconds,warning_events\n',
  minute: 'timestamp,average_level,peak_level,monitored_seconds,warning_seconds,loud_seconds,warning_events\n',
  daily: 'date,average_level,peak_level,monitored_minutes,warning_minutes,loud_minutes,warning_events,longest_loud_seconds\n',
};

const stamp = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
const level = (v: number | null) => (v === null ? '' : v.toFixed(1));
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const minutes = (ms: number) => (ms / 60_000).toFixed(1);

const pointLine = (p: SeriesPoint) =>
  `${stamp(p.at)},${level(p.averageLevel)},${level(p.peakLevel)},${seconds(p.monitoredMs)},${seconds(p.warningMs)},${seconds(p.loudMs)},${p.triggerCount}\n`;

type Deps = Pick<HistoryServiceDeps, 'historyService' | 'historyRepository' | 'noiseMeterExportLimits' | 'screensService' | 'logger'>;

/**
 * CSV exports, produced page by page as the client reads: each page is one keyset (raw) or one
 * time window (minute) query on a pooled connection, released before the page is sent, so a slow
 * download neither holds a connection nor grows memory. A closed connection stops it at the next page.
 */
export class HistoryExport {
  constructor(private readonly d: Deps) {}

  /** Checks the request (errors are still clean JSON here); the body is produced only when read. */
  async open(instanceId: string, q: HistoryQuery & { granularity?: Granularity }, signal: AbortSignal) {
    const scoped = await this.d.historyService.scoped(instanceId, q);
    const granularity = q.granularity ?? 'raw';
    return {
      filename: `signage-noise-${filenamePart(scoped.name, 'noise-meter')}-${scoped.key}-${granularity}.csv`,
      chunks: this.logged(scoped, this.chunks(scoped, granularity, signal)),
    };
  }

  private chunks(scoped: ScopedQuery, granularity: Granularity, signal: AbortSignal): AsyncGenerator<string> {
    if (granularity === 'raw') return this.raw(scoped, signal);
    if (granularity === 'minute') return this.minute(scoped, signal);
    return this.daily(scoped);
  }

  private async *raw({ filter }: ScopedQuery, signal: AbortSignal) {
    yield HEADERS.raw;
    const names = await this.d.screensService.namesOf(filter.screenIds);
    const quoted = new Map([...names].map(([id, name]) => [id, csvText(name)]));
    // Rows come in time order, every screen at the same instant: format each instant once.
    let lastMs = NaN;
    let lastStamp = '';
    const line = (r: RawRow) => {
      if (r.startMs !== lastMs) [lastMs, lastStamp] = [r.startMs, stamp(new Date(r.startMs))];
      return `${lastStamp},${quoted.get(r.screenId) ?? r.screenId},${level(r.averageLevel)},${level(r.peakLevel)},${seconds(r.monitoredMs)},${seconds(r.warningMs)},${seconds(r.loudMs)},${r.triggerCount}\n`;
    };
    let left = this.d.noiseMeterExportLimits.rawRows;
    let after: { at: Date; screenId: string } | undefined;
    while (left > 0 && !signal.aborted) {
      const limit = Math.min(PAGE_ROWS, left);
      const rows = await this.d.historyRepository.rawPage(filter, after, limit);
      for (let i = 0; i < rows.length; i += CHUNK_ROWS)
        yield rows
          .slice(i, i + CHUNK_ROWS)
          .map(line)
          .join('');
      if (rows.length < limit) return;
      left -= rows.length;
      const last = rows[rows.length - 1]!;
      after = { at: new Date(last.startMs), screenId: last.screenId };
    }
  }

  private async *minute({ filter }: ScopedQuery, signal: AbortSignal) {
    yield HEADERS.minute;
    for (let start = filter.from.getTime(); start < filter.to.getTime() && !signal.aborted; start += MINUTE_WINDOW_MS) {
      const window = { ...filter, from: new Date(start), to: new Date(Math.min(start + MINUTE_WINDOW_MS, filter.to.getTime())) };
      const points = await this.d.historyRepository.series(window, '1 minute');
      if (points.length) yield points.map(pointLine).join('');
    }
  }

  // At most 30 rows: one query.
  private async *daily({ filter }: ScopedQuery) {
    yield HEADERS.daily;
    const days = await this.d.historyRepository.daily(filter);
    yield days
      .map(
        (d) =>
          `${d.date},${level(d.averageLevel)},${level(d.peakLevel)},${minutes(d.monitoredMs)},${minutes(d.warningMs)},${minutes(d.loudMs)},${d.triggerCount},${seconds(d.longestLoudMs)}\n`,
      )
      .join('');
  }

  // Once the header is out a failure can only cut the download short (the client sees it
  // truncated); it is logged here because nothing upstream can answer it any more.
  private async *logged({ filter }: ScopedQuery, chunks: AsyncGenerator<string>) {
    try {
      yield* chunks;
    } catch (err) {
      this.d.logger.error({ err, instanceId: filter.instanceId }, 'noise history export failed part way');
      throw err;
    }
  }
}
