import { type ChildProcess, spawn } from 'node:child_process';
import ffmpeg from 'fluent-ffmpeg';
import type { MediaTools } from '../../../kernel/media-tools.js';
import { killWithThisProcess } from './orphan-guard.js';
import type { FfprobeOutput } from './ffprobe-output.js';
import { StepFailed } from './processing-errors.js';

/**
 * Input options for every file ffmpeg and ffprobe read. Uploads are sniffed as MP4/MOV or
 * Matroska/WebM, so only those demuxers may open them (not HLS, concat or image sequences, which
 * open other files), and nothing but local files may be opened from within them.
 */
export const UNTRUSTED_INPUT = ['-protocol_whitelist', 'file', '-format_whitelist', 'mov,matroska'];

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
      .inputOptions(['-hide_banner', '-nostdin', ...UNTRUSTED_INPUT, ...(job.inputOptions ?? [])])
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
      // Read from ffmpeg's own status lines: listening to fluent-ffmpeg's 'progress' makes it run
      // an ffprobe of the input first, with no time limit and no way to kill it.
      command.on('stderr', (line: string) => {
        const seconds = timemarkSeconds(/\btime=\s*(\S+)/.exec(line)?.[1]);
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
    // ffmpeg dies with this process, even a SIGKILLed one (fluent-ffmpeg spawns it, synchronously before 'start').
    command.on('start', () => {
      const proc = (command as unknown as { ffmpegProc?: ChildProcess }).ffmpegProc;
      if (proc?.pid) proc.once('exit', killWithThisProcess(proc.pid));
    });
    command.run();
  });
}

// A file with thousands of streams or tags must not fill the memory.
const PROBE_OUTPUT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * What ffprobe reads of a file (streams and format), as its JSON. Run directly, not through
 * fluent-ffmpeg, which does not hand out the process: past `timeoutMs` it is killed with its whole
 * process group, so a wrapper set as FFPROBE_PATH (a sandbox) goes with the ffprobe it started.
 */
export function runFfprobe(ffprobePath: string, file: string, timeoutMs: number): Promise<FfprobeOutput> {
  return new Promise((resolve, reject) => {
    const args = ['-v', 'error', ...UNTRUSTED_INPUT, '-print_format', 'json', '-show_format', '-show_streams', file];
    const child = spawn(ffprobePath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    // Its group goes with this process too, however this process ends.
    if (child.pid) child.once('exit', killWithThisProcess(-child.pid));
    const stdout: Buffer[] = [];
    let bytes = 0;
    let stderr = '';
    let failure: Error | undefined;
    const kill = (err: Error) => {
      failure ??= err;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => kill(new Error(`ffprobe did not answer within ${describe(timeoutMs)}`)), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > PROBE_OUTPUT_MAX_BYTES) kill(new Error('ffprobe wrote more than 16 MiB'));
      else stdout.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString('utf8');
    });
    // 'close' follows a failed spawn's 'error' too, and comes once every holder of its pipes is gone.
    child.on('error', (err) => (failure ??= err));
    child.on('close', (code) => {
      clearTimeout(timer);
      if (failure) return reject(failure);
      if (code !== 0) return reject(new Error(`ffprobe exited with ${code}: ${stderr.trim()}`));
      try {
        resolve(JSON.parse(Buffer.concat(stdout).toString('utf8')) as FfprobeOutput);
      } catch {
        reject(new Error('ffprobe did not write JSON'));
      }
    });
  });
}

function describe(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 120) return `${Math.round(minutes / 60)} hours`;
  if (minutes >= 1) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.round(ms / 1000)} seconds`;
}
