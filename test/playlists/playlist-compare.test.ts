import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { comparePlaylists } from '../../core-modules/playlists/drafts/playlist-compare.js';
import type { DocumentItem, PlaylistDocument } from '../../core-modules/playlists/drafts/playlist-document.js';

const item = (position: number, over: Partial<DocumentItem> = {}): DocumentItem => ({
  id: randomUUID(),
  assetId: randomUUID(),
  position,
  durationMs: 5000,
  fitMode: 'contain',
  transition: 'none',
  audioEnabled: true,
  volume: 1,
  deliveryPolicy: 'automatic',
  usePlayerDefaults: false,
  ...over,
});
const doc = (items: DocumentItem[], over: Partial<PlaylistDocument> = {}): PlaylistDocument => ({
  name: 'Lobby loop',
  description: '',
  sourceType: 'static',
  tagMatch: 'any',
  tagImageDurationMs: 10_000,
  items: items.map((i, position) => ({ ...i, position })),
  tagIds: [],
  ...over,
});
const summary = (from: PlaylistDocument, to: PlaylistDocument) => comparePlaylists(from, to).map((c) => [c.kind, c.path]);

describe('comparing two frozen playlists', () => {
  const [a, b, c, d] = [item(0), item(1), item(2), item(3)];

  it('finds nothing between a document and itself', () => {
    expect(comparePlaylists(doc([a, b]), doc([a, b]))).to.deep.equal([]);
  });

  it('names the fields and tag rule that changed', () => {
    const tag = randomUUID();
    const changes = comparePlaylists(doc([]), doc([], { name: 'Evening loop', sourceType: 'tag', tagIds: [tag], tagMatch: 'all' }));
    expect(changes.map((c) => c.path)).to.deep.equal(['name', 'sourceType', 'tagMatch', 'tagIds']);
    expect(changes[0]!.description).to.equal('name changed from "Lobby loop" to "Evening loop".');
  });

  it('tells items removed, added, and changed, by id', () => {
    const louder = { ...b, volume: 0.5, transition: 'fade' as const };
    const changes = comparePlaylists(doc([a, b, c]), doc([a, louder, d]));
    expect(changes.map((x) => [x.kind, x.path])).to.deep.equal([
      ['removed', `items/${c.id}`],
      ['changed', `items/${b.id}`],
      ['added', `items/${d.id}`],
    ]);
    expect(changes[1]!.description).to.match(/transition, volume/);
  });

  it('calls moved only the item that left the order the others keep', () => {
    // The last one brought to the front: one move, not every item shifted.
    expect(summary(doc([a, b, c, d]), doc([d, a, b, c]))).to.deep.equal([['moved', `items/${d.id}`]]);
    expect(summary(doc([a, b]), doc([b, a])).length).to.equal(1);
  });

  it('sees an item that now plays other content as changed', () => {
    const layoutId = randomUUID();
    const { assetId: _dropped, ...rest } = a;
    expect(summary(doc([a]), doc([{ ...rest, layoutId }]))).to.deep.equal([['changed', `items/${a.id}`]]);
  });
});
