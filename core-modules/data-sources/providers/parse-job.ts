import { parentPort } from 'node:worker_threads';
import { type CalendarEvent, type ExpandOptions, expandCalendar } from './calendar-events.js';
import type { FeedItem } from './feed-items.js';
import { SourceParseError } from './feeds.js';
import { type Inspection, inspect } from './inspection.js';
import { readItems, type Structured, type StructuredName } from './structured.js';

/**
 * The CPU-heavy part of reading a source: a body (fetched or uploaded) to what the provider keeps.
 * The parse pool runs these in worker threads (this file is the threads' entry point).
 */
export type ParseJob =
  | { kind: 'items'; provider: StructuredName; body: string; configuration: Omit<Structured, 'uploadedContent'> }
  | { kind: 'calendar'; body: string; window: ExpandOptions }
  | { kind: 'inspect'; provider: string; body: string; hint: { rootList?: string; delimiter?: string } };

export interface ParseResults {
  items: FeedItem[];
  calendar: CalendarEvent[];
  inspect: Inspection;
}

/** Runs a job off the event loop; throws SourceParseError for a body that cannot be read, or that costs more than a parse may. */
export type Parse = <K extends ParseJob['kind']>(job: Extract<ParseJob, { kind: K }>) => Promise<ParseResults[K]>;

/** A body that is not what its provider reads is an answer, not a crash (errors lose their class between threads). */
export type ParseOutcome = { value: ParseResults[ParseJob['kind']] } | { failed: string };

export function runParseJob(job: ParseJob): ParseOutcome {
  try {
    if (job.kind === 'items') return { value: readItems(job.provider, job.body, job.configuration) };
    if (job.kind === 'calendar') return { value: expandCalendar(job.body, job.window) };
    return { value: inspect(job.provider, job.body, job.hint) };
  } catch (err) {
    if (err instanceof SourceParseError) return { failed: err.message };
    throw err;
  }
}

/** The thread's task: tells the pool it began (the time limit counts from here, not from the queue), then parses. */
export default function parseInThread({ id, job }: { id: number; job: ParseJob }): ParseOutcome {
  parentPort?.postMessage({ parseStarted: id });
  return runParseJob(job);
}
