import { expect } from 'chai';
import { itemInputOf, optimistic, withDuration, withoutChosen } from '../../console/src/playlists/bulk-items.js';

describe('console: changing several playlist items at once', () => {
  interface Row {
    id: string;
    source: string;
    assetId: string;
    layoutId?: string;
    position: number;
    durationMs?: number;
    fitMode: string;
    transition: string;
    audioEnabled: boolean;
    volume: number;
    deliveryPolicy: string;
    usePlayerDefaults: boolean;
    assetType: string;
    dynamic: boolean;
  }
  const item = (id: string, extra: Partial<Row> = {}): Row => ({
    id,
    source: 'manual',
    assetId: `asset-${id}`,
    position: 0,
    durationMs: 8000,
    fitMode: 'cover',
    transition: 'fade',
    audioEnabled: true,
    volume: 0.4,
    deliveryPolicy: 'automatic',
    usePlayerDefaults: false,
    assetType: 'image',
    dynamic: false,
    ...extra,
  });

  it('sends each item back with every setting it had, a video’s whole length as null and a layout by its id', () => {
    expect(itemInputOf(item('a'))).to.deep.equal({
      assetId: 'asset-a',
      durationMs: 8000,
      fitMode: 'cover',
      transition: 'fade',
      audioEnabled: true,
      volume: 0.4,
      deliveryPolicy: 'automatic',
      usePlayerDefaults: false,
      videoStartOffsetMs: null,
      videoEndOffsetMs: null,
    });
    expect(itemInputOf(item('v', { durationMs: undefined, assetType: 'video' })).durationMs).to.equal(null);
    const layout = itemInputOf(item('l', { layoutId: 'layout-1', assetId: 'layout-1' }));
    expect(layout).to.include({ layoutId: 'layout-1' }).and.not.have.property('assetId');
  });

  it('removes or retimes only the chosen items, keeping the order', () => {
    const items = [item('a'), item('b'), item('c')];
    const chosen = new Set(['a', 'c']);
    expect(withoutChosen(items, chosen).map((i) => i.id)).to.deep.equal(['b']);
    expect(withDuration(items, chosen, 20_000).map((i) => [i.id, i.durationMs])).to.deep.equal([
      ['a', 20_000],
      ['b', 8000],
      ['c', 20_000],
    ]);
  });

  it('shows the new manual items in order before the answer, keeping what the tag rule adds after them', () => {
    const playlist = { id: 'p', items: [item('a'), item('b'), item('t', { dynamic: true, source: 'tag', position: 2 })] };
    const shown = optimistic(playlist, [item('b')]);
    expect(shown.items.map((i) => [i.id, i.position])).to.deep.equal([
      ['b', 0],
      ['t', 2],
    ]);
  });
});
