import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg, runFfprobe } from '../../core-modules/media/processing/ffmpeg-process.js';
import { probeVideo } from '../../core-modules/media/processing/probe.js';
import { resolveMediaTools } from '../../kernel/media-tools.js';
import { makeH264Mp4, makeVp9Webm } from '../support/media-files.js';
import { eventually } from '../support/wait.js';

const tools = resolveMediaTools({});

/** Pids of live processes whose command line mentions `text` (Linux /proc). */
function processesMentioning(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const state = /^State:\s+(\w)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (cmdline.includes(text) && state !== 'Z') found.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return found;
}

async function settled(promise: Promise<unknown>): Promise<Error | undefined> {
  return promise.then(
    () => undefined,
    (err: Error) => err,
  );
}

describe('ffmpeg and ffprobe processes', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'media-tool-processes-'))));
  afterEach(() => {
    // Whatever a failing run left behind must not outlive the test.
    for (const pid of processesMentioning(dir)) process.kill(pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  /** A FIFO nobody writes to: opening it blocks, so ffprobe hangs until it is killed. */
  const fifo = () => {
    const path = join(dir, 'hangs.mp4');
    execFileSync('mkfifo', [path]);
    return path;
  };

  it('kills an ffprobe that runs past its time', async () => {
    const input = fifo();
    const err = await settled(runFfprobe(tools.ffprobePath, input, 300));
    expect(err?.message).to.contain('ffprobe did not answer within');
    expect(processesMentioning(input), 'ffprobe still running').to.deep.equal([]);
  });

  it('kills a wrapper set as FFPROBE_PATH together with the ffprobe it started', async () => {
    const input = fifo();
    const wrapper = join(dir, 'sandboxed-ffprobe');
    // No exec: the shell stays the parent of ffprobe, as a sandbox launcher would.
    writeFileSync(wrapper, `#!/bin/sh\n"${tools.ffprobePath}" "$@"\necho done\n`);
    chmodSync(wrapper, 0o755);
    const probing = runFfprobe(wrapper, input, 1_000);
    expect(
      await eventually(
        () => processesMentioning(input),
        (found) => found.length === 2,
        900,
        20,
      ),
      'the wrapper and its ffprobe',
    ).to.have.length(2);
    expect((await settled(probing))?.message).to.contain('did not answer');
    expect(processesMentioning(input), 'wrapper or ffprobe still running').to.deep.equal([]);
  });

  it('reads what ffprobe says of a real video, and refuses a playlist that would open other files', async () => {
    const mp4 = join(dir, 'clip.mp4');
    writeFileSync(mp4, await makeH264Mp4(1));
    expect(await probeVideo(tools.ffprobePath, mp4)).to.include({ container: 'mp4', videoCodec: 'h264', audioCodec: 'aac', width: 320, height: 240 });
    const playlist = join(dir, 'clip.m3u8');
    writeFileSync(playlist, '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\nclip.mp4\n#EXT-X-ENDLIST\n');
    expect((await settled(runFfprobe(tools.ffprobePath, playlist, 10_000)))?.message ?? 'it was probed').to.contain('not on whitelist');
  });

  it('reports ffmpeg progress from its own output, without an ffprobe of the input beside it', async () => {
    const input = join(dir, 'in.webm');
    writeFileSync(input, await makeVp9Webm(2));
    const calls = join(dir, 'ffprobe-calls');
    const spy = join(dir, 'ffprobe');
    writeFileSync(spy, `#!/bin/sh\necho "$@" >> "${calls}"\nexec "${tools.ffprobePath}" "$@"\n`);
    chmodSync(spy, 0o755);
    const seen: number[] = [];
    await runFfmpeg(
      { ffmpegPath: tools.ffmpegPath, ffprobePath: spy },
      { input, output: join(dir, 'out.mp4'), outputOptions: ['-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mp4'] },
      { what: 'Converting', timeoutMs: 30_000, onProgress: (s) => void seen.push(s) },
    );
    expect(seen.length, 'progress reports').to.be.greaterThan(0);
    expect(Math.max(...seen)).to.be.within(1, 2.1);
    expect(existsSync(calls), 'ffprobe was run').to.equal(false);
  });
});
