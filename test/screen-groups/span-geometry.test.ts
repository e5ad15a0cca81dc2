import { expect } from 'chai';
import { geometryProblem, type Panel } from '../../core-modules/screen-groups/span-geometry.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const D = '00000000-0000-4000-8000-00000000000d';
const panel = (screenId: string, order: number, x: number, y: number, over: Partial<Panel> = {}): Panel => ({
  screenId,
  order,
  x,
  y,
  width: 1920,
  height: 1080,
  rotation: 0,
  ...over,
});
const canvas = { width: 3840, height: 2160 };
const grid = [panel(A, 0, 0, 0), panel(B, 1, 1920, 0), panel(C, 2, 0, 1080), panel(D, 3, 1920, 1080)];

describe('video wall geometry', () => {
  it('accepts a 2 × 2 wall, rotated panels and bezel compensation', () => {
    expect(geometryProblem(canvas, grid)).to.equal(undefined);
    expect(geometryProblem(canvas, [panel(A, 0, 0, 0, { rotation: 90, width: 1080, height: 1920, bezelLeft: 12, bezelRight: 500 })])).to.equal(undefined);
  });

  it('refuses a canvas out of 320–16384, no panels or more than 64', () => {
    expect(geometryProblem({ width: 319, height: 1080 }, grid)).to.match(/canvas/);
    expect(geometryProblem({ width: 16385, height: 1080 }, grid)).to.match(/canvas/);
    expect(geometryProblem(canvas, [])).to.match(/1 to 64/);
    const many = Array.from({ length: 65 }, (_, i) =>
      panel(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, i % 64, (i % 8) * 10, Math.floor(i / 8) * 10, { width: 10, height: 10 }),
    );
    expect(geometryProblem({ width: 16384, height: 16384 }, many)).to.match(/1 to 64/);
  });

  it('refuses a screen twice, a repeated or out-of-range order, a bad rotation or bezel', () => {
    expect(geometryProblem(canvas, [panel(A, 0, 0, 0), panel(A, 1, 1920, 0)])).to.match(/one panel/);
    expect(geometryProblem(canvas, [panel(A, 0, 0, 0), panel(B, 0, 1920, 0)])).to.match(/orders/);
    expect(geometryProblem(canvas, [panel(A, 64, 0, 0)])).to.match(/orders/);
    expect(geometryProblem(canvas, [panel(A, 0, 0, 0, { rotation: 45 })])).to.match(/90/);
    expect(geometryProblem(canvas, [panel(A, 0, 0, 0, { bezelTop: 501 })])).to.match(/Bezel/);
  });

  it('refuses a panel outside the canvas and panels that overlap, even by a pixel', () => {
    expect(geometryProblem(canvas, [panel(A, 0, 1921, 0)])).to.match(/inside the canvas/);
    expect(geometryProblem(canvas, [panel(A, 0, 0, 1081)])).to.match(/inside the canvas/);
    expect(geometryProblem(canvas, [panel(A, 0, 0, 0), panel(B, 1, 1919, 0)])).to.match(/overlap/);
    expect(geometryProblem(canvas, [panel(A, 0, 0, 0), panel(B, 1, 1920, 0)]), 'touching edges do not overlap').to.equal(undefined);
  });
});
