import { execFile, spawn } from 'node:child_process';
import { StepFailed } from './processing-errors.js';

/**
 * Reads ffmpeg's `-progress pipe:1` output: blocks of `key=value` lines, each closed by
 * `progress=continue|end`. Yields the output position in seconds once per block.
 */
export class ProgressParser {
  private buffered = '';
  private position: number | undefined;

  /** Feeds a chunk of stdout; returns the positions of the blocks it completed. */
  push(chunk: string): number[] {
    this.buffered += chunk;
    const lines = this.buffered.split('\n');
    this.buffered = lines.pop() ?? '';
    const done: number[] = [];
    for (const raw of lines) {
      const line = raw.trim();
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq);
      const value = line.slice(eq + 1);
      // ffmpeg 4.x names the microsecond field out_time_ms (sic); newer builds add out_time_us.
      if (key === 'out_time_us' || key === 'out_time_ms') {
        const us = Number(value);
        if (Number.isFinite(us) && us >= 0) this.position = us / 1e6;
      } else if (key === 'out_time' && this.position === undefined) {
        const seconds = clockSeconds(value);
        if (seconds !== undefined) this.position = seconds;
      } else if (key === 'progress') {
        if (this.position !== undefined) done.push(this.position);
        this.position = undefined;
      }
    }
    return done;
  }
}

function clockSeconds(text: string): number | undefined {
  const m = /^(-?\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text);
  if (!m) return undefined;
  const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return seconds >= 0 ? seconds : undefined;
}

export interface FfmpegRun {
  /** What the run does, for messages users read ("Converting the video"). */
  what: string;
  timeoutMs: number;
  /**
   * Called with the output position in seconds about twice a second. A rejection stops ffmpeg
   * and fails the run with that error: when progress cannot be recorded (the database went away
   * during a shutdown) the work would be lost anyway, and the job will run again.
   */
  onProgress?: (seconds: number) => Promise<void> | void;
  /** Stops ffmpeg when aborted (the server is shutting down; the job runs again later). */
  signal?: AbortSignal;
}

const TAIL_BYTES = 4_000;

/** Runs ffmpeg with `args` (no shell). Resolves when it exits 0. */
export function runFfmpeg(ffmpegPath: string, args: string[], run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    const progressArgs = run.onProgress ? ['-progress', 'pipe:1', '-nostats'] : [];
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...progressArgs, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    };
    const stop = (err: Error) => {
      child.kill('SIGKILL');
      finish(err);
    };
    const timer = setTimeout(() => stop(new StepFailed(`${run.what} took longer than ${describe(run.timeoutMs)} and was stopped.`)), run.timeoutMs);
    run.signal?.addEventListener('abort', () => stop(new Error(`${run.what} was stopped because the server is shutting down`)), { once: true });
    const parser = new ProgressParser();
    let reporting: Promise<void> = Promise.resolve();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!run.onProgress) return;
      for (const seconds of parser.push(chunk)) {
        // One report at a time, in order; a slow database must not pile reports up.
        reporting = reporting.then(() => run.onProgress!(seconds)).catch((err: Error) => stop(err));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-TAIL_BYTES);
    });
    child.on('error', (err) => finish(new StepFailed(`${run.what} failed: the video tool could not be started.`, err.message)));
    child.on('close', (code, signal) => {
      if (code === 0) void reporting.then(() => finish());
      else finish(new StepFailed(`${run.what} failed: the video could not be processed.`, `ffmpeg exited with ${code ?? signal}: ${stderr.trim()}`));
    });
  });
}

/** Runs ffprobe and returns its stdout. */
export function runFfprobe(ffprobePath: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(ffprobePath, ['-hide_banner', '-loglevel', 'error', ...args], { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' }, (err, stdout, stderr) => {
      if (err) reject(Object.assign(err, { stderr: String(stderr).slice(-TAIL_BYTES) }));
      else resolve(String(stdout));
    });
  });
}

function describe(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 120) return `${Math.round(minutes / 60)} hours`;
  if (minutes >= 1) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} seconds`;
}
