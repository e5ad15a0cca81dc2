import { expect } from 'chai';
import { faultyPanels, fromSpan, movePanel, spanBody, turnPanel, wallFor } from '../../console/src/groups/wall/wall-geometry.js';

const screens = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, name: `Screen ${i}` }));

describe('console video wall editor geometry', () => {
  it('lays new members out in a square-ish grid of full-HD panels, the canvas holding them all', () => {
    const wall = wallFor(screens(4), undefined);
    expect(wall.canvas).to.deep.equal({ width: 3840, height: 2160 });
    expect(wall.panels.map((p) => [p.screenId, p.order, p.x, p.y])).to.deep.equal([
      ['s0', 0, 0, 0],
      ['s1', 1, 1920, 0],
      ['s2', 2, 0, 1080],
      ['s3', 3, 1920, 1080],
    ]);
    expect(faultyPanels(wall).size).to.equal(0);
    expect(wallFor(screens(3), undefined).canvas, 'three: two columns, two rows').to.deep.equal({ width: 3840, height: 2160 });
  });

  it('keeps saved panels of current members, drops those of members gone, and places a newcomer where nothing is', () => {
    const saved = fromSpan({
      canvas: { width: 3840, height: 1080 },
      panels: [
        { screenId: 's0', screenName: 'old name', order: 1, x: 1920, y: 0, width: 1920, height: 1080, rotation: 0, bezelLeft: 10 },
        { screenId: 'gone', screenName: 'Gone', order: 0, x: 0, y: 0, width: 1920, height: 1080, rotation: 0 },
      ],
    });
    const wall = wallFor(screens(2), saved);
    expect(wall.panels.map((p) => [p.screenId, p.screenName, p.order, p.x, p.y, p.bezelLeft])).to.deep.equal([
      ['s0', 'Screen 0', 1, 1920, 0, 10],
      ['s1', 'Screen 1', 0, 0, 0, 0],
    ]);
    expect(wall.canvas).to.deep.equal({ width: 3840, height: 1080 });
  });

  it('keeps a dragged panel inside the canvas and snaps it to the edges of the canvas and of other panels', () => {
    const wall = { canvas: { width: 5760, height: 2160 }, panels: wallFor(screens(2), undefined).panels };
    const [a, b] = wall.panels;
    expect(movePanel(b!, 1900, 0, wall, 50).x, 'to the canvas edge').to.equal(3840);
    expect(movePanel(b!, 1000, 0, wall, 50).x, 'nothing near: where it was dropped').to.equal(2920);
    expect(movePanel(b!, 1000, 0, wall, 0).x, 'no snap').to.equal(2920);
    expect(movePanel(b!, -1000, 0, wall, 50).x, 'half over its neighbour: where dropped (the editor flags the overlap)').to.equal(920);
    expect(movePanel(b!, -1905, 0, wall, 50).x, 'beside its neighbour’s left edge: the canvas edge').to.equal(0);
    expect(movePanel(a!, -500, -500, wall, 0)).to.include({ x: 0, y: 0 });
    expect(movePanel(a!, 99_999, 99_999, wall, 0)).to.include({ x: 3840, y: 1080 });
  });

  it('turns a panel a quarter at a time, swapping its sides and keeping it inside', () => {
    const canvas = { width: 3840, height: 2160 };
    const [, , , d] = wallFor(screens(4), undefined).panels;
    const turned = turnPanel(d!, canvas);
    expect(turned).to.include({ rotation: 90, width: 1080, height: 1920, x: 1920, y: 240 });
    expect(turnPanel(turnPanel(turnPanel(turned, canvas), canvas), canvas).rotation).to.equal(0);
  });

  it('names the panels the server would refuse: overlapping, outside the canvas, or all bezel', () => {
    const wall = wallFor(screens(3), undefined);
    const [a, b, c] = wall.panels;
    const panels = [a!, { ...b!, x: 1900 }, { ...c!, bezelLeft: 1000, bezelRight: 920 }];
    expect([...faultyPanels({ ...wall, panels })].sort()).to.deep.equal(['s0', 's1', 's2']);
    expect([...faultyPanels({ canvas: { width: 3000, height: 2160 }, panels: [a!, b!] })]).to.deep.equal(['s1']);
  });

  it('sends the panels without the names the server keeps', () => {
    const body = spanBody(wallFor(screens(1), undefined));
    expect(body.displayMode).to.equal('span');
    expect(body.panels[0]).to.not.have.property('screenName');
    expect(body.panels[0]).to.include({ screenId: 's0', order: 0, bezelRight: 0 });
  });
});
