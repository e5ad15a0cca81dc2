import { expect } from 'chai';
import { moved, resized, snapMove, snapResize } from '../../console/src/layouts/geometry.js';

const canvas = { width: 1920, height: 1080 };

describe('console layout editor geometry', () => {
  it('keeps a moved or resized placement inside the canvas, in whole pixels', () => {
    const box = { x: 100, y: 100, width: 400, height: 300 };
    expect(moved(box, -500.4, 2000, canvas)).to.deep.equal({ x: 0, y: 780, width: 400, height: 300 });
    expect(moved(box, 10.6, -0.4, canvas)).to.deep.equal({ x: 111, y: 100, width: 400, height: 300 });
    expect(resized(box, 5000, -1000, canvas)).to.deep.equal({ x: 100, y: 100, width: 1820, height: 8 });
  });

  it('snaps the nearest edge to the grid, the canvas edges or another placement, within reach only', () => {
    const other = { x: 1000, y: 500, width: 300, height: 200 };
    // The right edge (993) is 7 px from the other's left edge, the top (47) 7 px from a grid line.
    expect(snapMove({ x: 593, y: 47, width: 400, height: 300 }, [other], canvas)).to.deep.equal({ x: 600, y: 40, width: 400, height: 300 });
    // Near the canvas' right edge.
    expect(snapMove({ x: 1515, y: 333, width: 400, height: 300 }, [], canvas).x).to.equal(1520);
    // Resizing moves only the right and bottom edges: the bottom sticks to the other's top.
    expect(snapResize({ x: 10, y: 10, width: 290, height: 485 }, [other], canvas)).to.deep.equal({ x: 10, y: 10, width: 290, height: 490 });
  });
});
