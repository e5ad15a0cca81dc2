import { expect } from 'chai';
import { MINIMUM_FFMPEG, checkTool, parseToolVersion, resolveMediaTools, toolConcern } from '../../kernel/media-tools.js';
import { bootTestKernel, call } from '../support/test-kernel.js';

// What Debian 12's maintained ffmpeg prints (7:5.1.9-0+deb12u1), first lines.
const DEBIAN_FFMPEG = `ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2025 the FFmpeg developers
built with gcc 12 (Debian 12.2.0-14+deb12u1)
libavutil      57. 28.100 / 57. 28.100
libavcodec     59. 37.100 / 59. 37.100
libavformat    59. 27.100 / 59. 27.100
`;

// The npm builds: the only ones this machine has, so these tests run the real binaries.
const npm = resolveMediaTools({});

describe('media tool versions', () => {
  it('reads the version of a release and of a git build, whose banner has no release number', async () => {
    expect(parseToolVersion(DEBIAN_FFMPEG)).to.deep.equal({ version: '5.1.9-0+deb12u1', libavcodec: [59, 37], year: 2025 });
    expect(parseToolVersion(await checkTool(npm.ffmpegPath))).to.deep.equal({ version: 'N-47683-g0e8eb07980-static', libavcodec: [58, 42], year: 2018 });
  });

  it("names npm's 2018 ffmpeg as older than FFmpeg 5.1 and unpatched, and says what to do", async () => {
    const concern = toolConcern('ffmpeg', npm.ffmpegPath, await checkTool(npm.ffmpegPath));
    expect(concern).to.contain('ffmpeg N-47683-g0e8eb07980-static (libavcodec 58.42, built 2018)');
    expect(concern).to.contain(`older than FFmpeg ${MINIMUM_FFMPEG.release}`);
    expect(concern).to.contain('the static build npm installed, which gets no security updates');
    expect(concern).to.contain('apt install ffmpeg');
    expect(concern).to.contain('FFMPEG_PATH');
  });

  it("names npm's ffprobe (a 2023 snapshot, new enough) only as unpatched", async () => {
    const concern = toolConcern('ffprobe', npm.ffprobePath, await checkTool(npm.ffprobePath));
    expect(concern).to.contain('libavcodec 60.22, built 2023');
    expect(concern).to.contain('no security updates');
    expect(concern).not.to.contain('older than');
    expect(concern).to.contain('FFPROBE_PATH');
  });

  it('has nothing to say about a maintained build, and distrusts one that does not tell its version', () => {
    expect(toolConcern('ffmpeg', '/usr/bin/ffmpeg', DEBIAN_FFMPEG)).to.equal(undefined);
    const older = DEBIAN_FFMPEG.replace('59. 37.100 / 59. 37.100', '59. 18.100 / 59. 18.100');
    expect(toolConcern('ffmpeg', '/usr/bin/ffmpeg', older)).to.contain('older than FFmpeg 5.1');
    expect(toolConcern('ffmpeg', '/opt/ffmpeg', 'ffmpeg version custom\n')).to.contain('of a version it does not tell');
  });

  it('warns at start and in /readyz, which stays 200, when the npm builds are in use', async () => {
    const k = await bootTestKernel({ env: { FFMPEG_PATH: npm.ffmpegPath, FFPROBE_PATH: npm.ffprobePath } });
    try {
      const warnings = k.logs.filter((l) => l.level === 40 && typeof l.tool === 'string');
      expect(warnings.map((l) => [l.tool, l.version])).to.have.deep.members([
        ['ffmpeg', 'N-47683-g0e8eb07980-static'],
        ['ffprobe', 'N-66595-gc2b38619c0-static'],
      ]);
      expect(String(warnings.find((l) => l.tool === 'ffmpeg')!.msg)).to.contain('older than FFmpeg 5.1');
      const ready = await call(k, 'GET', '/readyz');
      expect(ready.status).to.equal(200);
      expect(ready.body.data.status).to.equal('ready');
      expect(ready.body.data.checks.database).to.equal('ok');
      expect(ready.body.data.checks.ffmpeg).to.match(/^warn: ffmpeg N-47683-g0e8eb07980-static .*older than FFmpeg 5\.1/);
      expect(ready.body.data.checks.ffprobe).to.match(/^warn: ffprobe N-66595/);
    } finally {
      await k.stop();
    }
  });
});
