import { expect } from 'chai';
import { cropFilter, cropJob } from '../../core-modules/media/processing/video-crop.js';

const wide = { width: 320, height: 180 };
const wall = { width: 640, height: 360 };

describe('video crops (wall panels)', () => {
  it('cuts a panel from the source’s own pixels: the right half of a 2 × 1 wall is the right half of the picture', () => {
    const plan = cropFilter(wide, { canvas: wall, region: { x: 320, y: 0, width: 320, height: 360 }, width: 320, height: 360, rotation: 0 });
    expect(plan.filter).to.equal('crop=160:180:160:0,scale=320:360:flags=lanczos,setsar=1,pad=320:360:0:0:black,format=yuv420p');
    expect([plan.width, plan.height]).to.deep.equal([320, 360]);
  });

  it('keeps the black bars of a picture fitted whole: a 4:3 video on a 16:9 wall', () => {
    // 320×240 fitted into 640×360 is 480×360 from x = 80: the left panel shows 80 black pixels, then the picture.
    const plan = cropFilter(
      { width: 320, height: 240 },
      { canvas: wall, region: { x: 0, y: 0, width: 320, height: 360 }, width: 320, height: 360, rotation: 0 },
    );
    expect(plan.filter).to.equal('crop=160:240:0:0,scale=240:360:flags=lanczos,setsar=1,pad=320:360:80:0:black,format=yuv420p');
  });

  it('makes a panel that lies wholly in a black bar black', () => {
    const plan = cropFilter({ width: 320, height: 240 }, { canvas: wall, region: { x: 0, y: 0, width: 60, height: 360 }, width: 60, height: 360, rotation: 0 });
    expect(plan.filter).to.match(/^scale=60:360,drawbox=.*t=fill/);
    expect(plan.filter).to.not.match(/crop=/);
  });

  it('turns a panel mounted a quarter turn and swaps its sides instead of squeezing it', () => {
    const turned = cropFilter(wide, { canvas: wall, region: { x: 0, y: 0, width: 320, height: 180 }, width: 320, height: 180, rotation: 90 });
    expect(turned.filter).to.match(/pad=320:180:0:0:black,transpose=1,format/);
    expect([turned.width, turned.height]).to.deep.equal([180, 320]);
    expect(cropFilter(wide, { canvas: wall, region: { x: 0, y: 0, width: 320, height: 180 }, width: 320, height: 180, rotation: 270 }).filter).to.match(
      /transpose=2/,
    );
    expect(cropFilter(wide, { canvas: wall, region: { x: 0, y: 0, width: 320, height: 180 }, width: 320, height: 180, rotation: 180 }).filter).to.match(
      /hflip,vflip/,
    );
  });

  it('gives odd panel sizes a pixel more, as H.264 needs even sides', () => {
    const plan = cropFilter(wide, { canvas: wall, region: { x: 0, y: 0, width: 321, height: 181 }, width: 321, height: 181, rotation: 0 });
    expect([plan.width, plan.height]).to.deep.equal([322, 182]);
    expect(plan.filter).to.match(/pad=322:182:/);
  });

  it('works in source pixels whatever the canvas: a 16384-pixel wall never scales the picture to 16384', () => {
    const plan = cropFilter(
      { width: 1920, height: 1080 },
      {
        canvas: { width: 16384, height: 9216 },
        region: { x: 8192, y: 4608, width: 1920, height: 1080 },
        width: 1920,
        height: 1080,
        rotation: 0,
      },
    );
    const scales = [...plan.filter.matchAll(/scale=(\d+):(\d+)/g)].map((m) => Number(m[1]));
    expect(Math.max(...scales)).to.equal(1920);
    expect(plan.filter).to.match(/^crop=(\d+):(\d+):960:540,/);
  });

  it('encodes video only, at a constant rate with a keyframe every 2 s', () => {
    const job = cropJob('in.mp4', 'out.mp4', 'crop=2:2:0:0', 25);
    expect(job.outputOptions).to.include('-an');
    expect(job.outputOptions.join(' ')).to.include('-g 50 -keyint_min 50');
    expect(job.outputOptions.join(' ')).to.include('crop=2:2:0:0,fps=25');
    expect(cropJob('in', 'out', 'f', null).outputOptions.join(' ')).to.include('f,fps=30');
  });
});
