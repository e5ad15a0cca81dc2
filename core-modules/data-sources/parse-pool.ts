import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Logger } from '../../kernel/logger.js';
import { SourceParseError } from './providers/feeds.js';
import type { Parse, ParseOutcome } from './providers/parse-job.js';

export interface ParseLimits {
  /** Threads parsing at once; more jobs wait their turn. */
  threads: number;
  /** Heap of each thread (old generation), MiB. */
  memoryMb: number;
  /** How long one job may run once a thread has taken it. */
  timeoutMs: number;
}

const ENTRY = fileURLToPath(new URL('./providers/parse-job.ts', import.meta.url));
/** A second thread, idle this long, is let go. */
const IDLE_MS = 30_000;

/**
 * Parses sources' bodies in a few worker threads. On the event loop, one 2 MiB feed of character
 * references took a second of CPU and 150 MiB, and every player's request waited. A thread has a
 * heap limit and a job a time limit; a job over either is stopped (its thread replaced) and the
 * body reads as one that cannot be parsed, so the source keeps its last good output, as for a
 * malformed feed. Threads load TypeScript as the process does: they inherit its `--import tsx`.
 */
export class ParsePool {
  private pool?: Piscina;
  private closed = false;
  private readonly running = new Map<number, { stop: AbortController; timer?: NodeJS.Timeout }>();
  private lastId = 0;

  constructor(
    private readonly limits: ParseLimits,
    private readonly logger: Logger,
  ) {}

  readonly parse: Parse = async (job) => {
    const id = ++this.lastId;
    const stop = new AbortController();
    this.running.set(id, { stop });
    try {
      const outcome: ParseOutcome = await this.threads().run({ id, job }, { signal: stop.signal });
      if ('failed' in outcome) throw new SourceParseError(outcome.failed);
      return outcome.value as never;
    } catch (err) {
      throw this.stopped(err, stop.signal.aborted) ?? err;
    } finally {
      clearTimeout(this.running.get(id)?.timer);
      this.running.delete(id);
    }
  };

  /** Ends the threads (kernel stop: no refresh or request is left to parse for). */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
  }

  /**
   * Started at the first parse, so a process that never parses has no thread. One thread is kept
   * from then on: piscina replaces a stopped thread only up to its minimum, and jobs queued behind
   * a stopped one would wait for a thread that never comes.
   */
  private threads(): Piscina {
    if (this.closed) throw new Error('the parse pool is closed');
    if (this.pool) return this.pool;
    this.pool = new Piscina({
      filename: ENTRY,
      minThreads: 1,
      maxThreads: this.limits.threads,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
    });
    this.pool.on('message', (message: { parseStarted?: number }) => this.started(message.parseStarted));
    // A thread lost between jobs; without a listener the pool's 'error' would end the process.
    this.pool.on('error', (err) => this.logger.error({ err }, 'a feed parsing thread failed'));
    return this.pool;
  }

  private started(id: number | undefined): void {
    const job = id === undefined ? undefined : this.running.get(id);
    if (job) job.timer = setTimeout(() => job.stop.abort(), this.limits.timeoutMs);
  }

  /** A job stopped for its cost, as the failure users see; undefined for any other error (a fault of ours). */
  private stopped(err: unknown, timedOut: boolean): SourceParseError | undefined {
    if (timedOut) {
      this.logger.warn({ timeoutMs: this.limits.timeoutMs }, 'a feed took too long to parse; its thread was stopped');
      return new SourceParseError(`Reading the source took longer than the ${this.limits.timeoutMs / 1000} s the server gives one source.`);
    }
    if ((err as { code?: string })?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      this.logger.warn({ memoryMb: this.limits.memoryMb }, 'a feed needed too much memory to parse; its thread was stopped');
      return new SourceParseError(`Reading the source needed more than the ${this.limits.memoryMb} MiB of memory the server gives one source.`);
    }
    return undefined;
  }
}
