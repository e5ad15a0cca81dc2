import ffmpeg, { type FfprobeData } from 'fluent-ffmpeg';
import type { MediaTools } from '../../../kernel/media-tools.js';
import { StepFailed } from './processing-errors.js';

/** One ffmpeg run: an input (with options before `-i`, such as a seek) and an output file. */
export interface FfmpegJob {
  inputOptions?: string[];
  input: string;
  outputOptions: string[];
  output: string;
}

export interface FfmpegRun {
  /** What the run does, for messages users read ("Converting the video"). */
  what: string;
  timeoutMs: number;
  /**
   * Called with the output position in seconds as ffmpeg reports it (about twice a second). A
   * rejection stops ffmpeg and fails the run with that error: when progress cannot be recorded
   * (the database went away during a shutdown) the work would be lost anyway, and the job will
   * run again.
   */
  onProgress?: (seconds: number) => Promise<void> | void;
  /** Stops ffmpeg when aborted (the server is shutting down; the job runs again later). */
  signal?: AbortSignal;
}

// Lines of ffmpeg's stderr kept for the error message a failure records.
const STDERR_LINES = 40;

/** `HH:MM:SS.cc` (ffmpeg's progress timemark) in seconds; undefined when it is not one. */
export function timemarkSeconds(mark: string | undefined): number | undefined {
  const m = /^(-?\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(mark ?? '');
  if (!m) return undefined;
  const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return seconds >= 0 ? seconds : undefined;
}

/** Runs ffmpeg through fluent-ffmpeg (no shell). Resolves when it exits 0. */
export function runFfmpeg(tools: MediaTools, job: FfmpegJob, run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    const command = ffmpeg({ stdoutLines: STDERR_LINES })
      .setFfmpegPath(tools.ffmpegPath)
      // fluent-ffmpeg reads the input's duration with ffprobe when progress is listened to.
      .setFfprobePath(tools.ffprobePath)
      .input(job.input)
      .inputOptions(['-hide_banner', '-nostdin', ...(job.inputOptions ?? [])])
      .output(job.output)
      .outputOptions(job.outputOptions);
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    const stop = (err: Error) => {
      finish(err);
      command.kill('SIGKILL');
    };
    const onAbort = () => stop(new Error(`${run.what} was stopped because the server is shutting down`));
    const timer = setTimeout(() => stop(new StepFailed(`${run.what} took longer than ${describe(run.timeoutMs)} and was stopped.`)), run.timeoutMs);
    if (run.signal?.aborted) return onAbort();
    run.signal?.addEventListener('abort', onAbort, { once: true });

    let reporting: Promise<void> = Promise.resolve();
    if (run.onProgress) {
      command.on('progress', (progress: { timemark?: string }) => {
        const seconds = timemarkSeconds(progress.timemark);
        // One report at a time, in order; a slow database must not pile reports up.
        if (seconds !== undefined) reporting = reporting.then(() => run.onProgress!(seconds)).catch((err: Error) => stop(err));
      });
    }
    command.on('error', (err: Error, _stdout: string | null, stderr: string | null) => {
      const started = !/spawn|ENOENT|EACCES|Cannot find ffmpeg/.test(err.message);
      if (!started) finish(new StepFailed(`${run.what} failed: the video tool could not be started.`, err.message));
      else finish(new StepFailed(`${run.what} failed: the video could not be processed.`, `${err.message}\n${(stderr ?? '').trim()}`.trim()));
    });
    command.on('end', () => void reporting.then(() => finish()));
    command.run();
  });
}

/** What ffprobe reads of a file (streams and format), through fluent-ffmpeg. */
export function runFfprobe(ffprobePath: string, file: string, timeoutMs: number): Promise<FfprobeData> {
  return new Promise((resolve, reject) => {
    // fluent-ffmpeg does not hand out the ffprobe process, so a probe past its time is given up
    // on rather than killed (ffprobe of a local file ends on its own).
    const timer = setTimeout(() => reject(new Error(`ffprobe did not answer within ${describe(timeoutMs)}`)), timeoutMs);
    ffmpeg(file)
      .setFfprobePath(ffprobePath)
      .ffprobe((err: Error | null, data: FfprobeData) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(data);
      });
  });
}

function describe(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 120) return `${Math.round(minutes / 60)} hours`;
  if (minutes >= 1) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} seconds`;
}
