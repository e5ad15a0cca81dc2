import { expect } from 'chai';
import { cropOf, geometryHash, geometryProblem, type Panel } from '../../core-modules/screen-groups/span/span-geometry.js';
import { withPanelFiles } from '../../core-modules/screen-groups/span/span-manifest.js';

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

  it('refuses bezels that leave nothing of a panel', () => {
    expect(geometryProblem(canvas, [panel(A, 0, 0, 0, { width: 400, height: 300, bezelLeft: 200, bezelRight: 200 })])).to.match(/leave nothing/);
    expect(geometryProblem(canvas, [panel(A, 0, 0, 0, { width: 400, height: 300, bezelLeft: 200, bezelRight: 199 })])).to.equal(undefined);
  });

  it('cuts a panel’s video from inside its bezels, at the panel’s size, turned as it is mounted', () => {
    const crop = cropOf(canvas, panel(B, 1, 1920, 0, { bezelLeft: 10, bezelTop: 5, rotation: 180 }));
    expect(crop).to.deep.equal({ canvas, region: { x: 1930, y: 5, width: 1910, height: 1075 }, width: 1920, height: 1080, rotation: 180 });
  });

  it('names a panel’s file by what shapes it: moving or turning a panel changes it, renumbering does not', () => {
    const base = geometryHash(canvas, grid[0]!);
    expect(geometryHash(canvas, { ...grid[0]!, order: 9, screenId: B })).to.equal(base);
    expect(geometryHash(canvas, { ...grid[0]!, x: 1 })).to.not.equal(base);
    expect(geometryHash(canvas, { ...grid[0]!, rotation: 90 })).to.not.equal(base);
    expect(geometryHash(canvas, { ...grid[0]!, bezelTop: 3 })).to.not.equal(base);
    expect(geometryHash({ width: 3840, height: 2161 }, grid[0]!)).to.not.equal(base);
  });
});

describe('a wall member’s manifest', () => {
  const VIDEO = '00000000-0000-4000-8000-0000000000f1';
  const IMAGE = '00000000-0000-4000-8000-0000000000f2';
  const asset = (assetId: string, variantId: string, mimeType: string) => ({
    assetId,
    variantId,
    mimeType,
    sha256: 'a'.repeat(64),
    fileSize: 10,
    downloadPath: `/x/${variantId}`,
  });
  const item = (id: string, assetId: string, variantId: string) => ({
    id,
    assetId,
    variantId,
    assetType: 'video',
    durationMs: null,
    fitMode: 'contain',
    transition: 'none',
    audioEnabled: false,
    volume: 1,
    deliveryPolicy: 'download',
  });
  const playlist = { id: C, revision: 1, name: 'Wall', items: [item(A, VIDEO, D), item(B, IMAGE, C)] };
  const content = {
    mode: 'presentation' as const,
    playlist,
    directFallbackPlaylist: playlist,
    playlists: [playlist],
    schedules: [],
    assets: [asset(VIDEO, D, 'video/mp4'), asset(IMAGE, C, 'image/png')],
    websites: [],
    widgets: [],
    dataSources: [],
    plugins: [],
    layouts: [],
    prefetchHorizonDays: 7,
    activationGraceSeconds: 30,
  };

  it('plays its panel’s file in place of the video, in every playlist and in the files', () => {
    const panel = { ...asset(VIDEO, B, 'video/mp4'), downloadPath: `/api/v1/player/span-panels/${B}` };
    const swapped = withPanelFiles(content, new Map([[VIDEO, panel]]));
    for (const list of [swapped.playlist!, swapped.directFallbackPlaylist!, swapped.playlists[0]!]) {
      expect(list.items.map((i) => i.variantId)).to.deep.equal([B, C]);
    }
    expect(swapped.assets.map((a) => a.downloadPath)).to.deep.equal([`/api/v1/player/span-panels/${B}`, `/x/${C}`]);
  });

  it('leaves out a video whose panels are not all ready, and keeps the rest', () => {
    const withheld = withPanelFiles(content, new Map([[VIDEO, null]]));
    expect(withheld.playlist!.items.map((i) => i.assetId)).to.deep.equal([IMAGE]);
    expect(withheld.assets.map((a) => a.assetId)).to.deep.equal([IMAGE]);
    expect(withPanelFiles(content, new Map())).to.equal(content);
  });
});
