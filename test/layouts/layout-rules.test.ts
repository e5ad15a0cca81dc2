import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { dependenciesOf, emptyDocument, type LayoutDocument, type LayoutPlacement } from '../../core-modules/layouts/layout-document.js';
import { documentProblems } from '../../core-modules/layouts/layout-rules.js';
import { type PublishFacts, publishProblems } from '../../core-modules/layouts/publish-rules.js';

const placement = (over: Partial<LayoutPlacement> = {}): LayoutPlacement => ({
  id: randomUUID(),
  type: 'primitive',
  name: 'Box',
  x: 0,
  y: 0,
  width: 100,
  height: 100,
  layer: 0,
  opacity: 1,
  visible: true,
  locked: false,
  primitive: { kind: 'rectangle' },
  ...over,
});
const doc = (placements: LayoutPlacement[] = [], canvas: Partial<LayoutDocument['canvas']> = {}): LayoutDocument => {
  const base = emptyDocument('landscape', 1920, 1080);
  return { ...base, canvas: { ...base.canvas, ...canvas }, placements };
};
// What is at fault, each once: a placement by its id, else the document.
const faulty = (d: LayoutDocument) => [...new Set(documentProblems(d).map((p) => p.placementId ?? 'document'))];

describe('layout document rules', () => {
  it('take an empty canvas and a placement of each type with its one reference', () => {
    const group = placement({ primitive: { kind: 'group' } });
    const placements = [
      placement({ type: 'widget', widgetId: randomUUID(), primitive: undefined, overrides: { fit: 'cover', muted: true } }),
      placement({ type: 'asset', assetId: randomUUID(), variantId: randomUUID(), primitive: undefined }),
      placement({ type: 'playlistZone', playlistId: randomUUID(), primitive: undefined, playback: { fit: 'contain', muted: false } }),
      placement({ primitive: { kind: 'text', text: 'Hi', fontFamily: 'Roboto', fontWeight: 700, color: '#FFFFFF80' }, groupId: group.id }),
      group,
    ];
    expect(documentProblems(doc())).to.deep.equal([]);
    expect(documentProblems(doc(placements))).to.deep.equal([]);
  });

  it('refuse a canvas out of range, of the wrong orientation, colour or safe area', () => {
    for (const canvas of [
      { width: 319 },
      { width: 7681 },
      { width: 1000, height: 1000 },
      { orientation: 'portrait' },
      { orientation: 'diagonal' },
      { backgroundColor: 'red' },
      { backgroundColor: '#12345' },
      { safeAreaPercent: 21 },
      { safeAreaPercent: -1 },
      { backgroundVariantId: randomUUID() },
    ]) {
      expect(faulty(doc([], canvas)), JSON.stringify(canvas)).to.deep.equal(['document']);
    }
    expect(faulty({ ...doc(), schemaVersion: 1 })).to.deep.equal(['document']);
    expect(documentProblems(doc([], { orientation: 'custom', width: 1000, height: 1000 }))).to.deep.equal([]);
  });

  it('name each placement at fault: outside the canvas, layer, opacity, name', () => {
    const cases: Partial<LayoutPlacement>[] = [
      { x: 1900 },
      { y: -1 },
      { width: 0 },
      { height: Number.NaN },
      { layer: 1000 },
      { layer: -1 },
      { opacity: 1.5 },
      { name: '   ' },
      { name: 'x'.repeat(121) },
      { type: 'image' },
    ];
    for (const over of cases) {
      const bad = placement(over);
      expect(faulty(doc([placement(), bad])), JSON.stringify(over)).to.deep.equal([bad.id]);
    }
    const edge = placement({ x: 1820, y: 980 });
    expect(documentProblems(doc([edge])), 'touching the edges is inside').to.deep.equal([]);
  });

  it('want exactly one reference, of the placement’s own type', () => {
    const cases: Partial<LayoutPlacement>[] = [
      { type: 'widget', primitive: undefined },
      { type: 'widget', widgetId: randomUUID() },
      { type: 'asset', primitive: undefined, widgetId: randomUUID() },
      { type: 'playlistZone', primitive: undefined, assetId: randomUUID(), playlistId: randomUUID() },
      { type: 'primitive', primitive: undefined, playlistId: randomUUID() },
      { type: 'widget', primitive: undefined, widgetId: randomUUID(), variantId: randomUUID() },
    ];
    for (const over of cases) {
      const bad = placement(over);
      expect(faulty(doc([bad])), JSON.stringify(over)).to.deep.equal([bad.id]);
    }
  });

  it('refuse duplicate ids, unknown groups and a placement grouped under itself', () => {
    const a = placement();
    const twin = { ...placement(), id: a.id };
    expect(faulty(doc([a, twin]))).to.deep.equal([a.id]);
    const orphan = placement({ groupId: randomUUID() });
    expect(faulty(doc([orphan]))).to.deep.equal([orphan.id]);
    const box = placement();
    const notGroup = placement({ groupId: box.id });
    expect(faulty(doc([box, notGroup]))).to.deep.equal([notGroup.id]);
    const self = placement({ primitive: { kind: 'group' } });
    self.groupId = self.id;
    expect(faulty(doc([self]))).to.deep.equal([self.id]);
  });

  it('take at most 200 placements', () => {
    expect(documentProblems(doc(Array.from({ length: 200 }, () => placement())))).to.deep.equal([]);
    expect(faulty(doc(Array.from({ length: 201 }, () => placement())))).to.deep.equal(['document']);
  });

  it('allow only the closed override keys, valid, within 4 KB', () => {
    const widget = (overrides: Record<string, unknown>) => placement({ type: 'widget', widgetId: randomUUID(), primitive: undefined, overrides });
    for (const overrides of [
      { speed: 3 },
      { fit: 'zoom' },
      { alignment: 'top' },
      { foregroundColor: 'white' },
      { fallbackVisibility: 'maybe' },
      { muted: 'yes' },
    ]) {
      const bad = widget(overrides);
      expect(faulty(doc([bad])), JSON.stringify(overrides)).to.deep.equal([bad.id]);
    }
    const big = placement({ overrides: { note: 'x'.repeat(4100) } });
    expect(faulty(doc([big]))).to.deep.equal([big.id]);
  });

  it('check primitives by kind, font, colours and the players’ text bounds', () => {
    const cases = [
      { kind: 'star' },
      { kind: 'text', fontFamily: 'Comic Sans' },
      { kind: 'text', fontWeight: 300 },
      { kind: 'text', fontSize: 7 },
      { kind: 'text', maximumLines: 0 },
      { kind: 'text', lineHeight: 5 },
      { kind: 'rectangle', fillColor: '#GGGGGG' },
      { kind: 'text', text: 'x'.repeat(4001) },
      { kind: 'text', binding: { dataSourceId: randomUUID(), field: 'has space' } },
      { kind: 'text', binding: { dataSourceId: randomUUID(), field: 'price', format: 'roman' } },
      { kind: 'rectangle', binding: { dataSourceId: randomUUID(), field: 'price' } },
    ];
    for (const primitive of cases) {
      const bad = placement({ primitive });
      expect(faulty(doc([bad])), JSON.stringify(primitive)).to.deep.equal([bad.id]);
    }
    const bound = placement({ primitive: { kind: 'text', binding: { dataSourceId: randomUUID(), field: 'price_1', format: 'currency', prefix: '$' } } });
    expect(documentProblems(doc([bound]))).to.deep.equal([]);
  });

  it('refuse text PostgreSQL cannot store', () => {
    expect(faulty(doc([placement({ name: 'a\u0000b' })]))).to.include('document');
  });

  it('list every dependency once, the background first', () => {
    const asset = randomUUID();
    const source = randomUUID();
    const d = doc(
      [
        placement({ type: 'asset', assetId: asset, primitive: undefined }),
        placement({ type: 'asset', assetId: asset, primitive: undefined }),
        placement({ primitive: { kind: 'text', binding: { dataSourceId: source, field: 'a' } } }),
      ],
      { backgroundAssetId: asset },
    );
    expect(dependenciesOf(d)).to.deep.equal([
      { type: 'asset', id: asset },
      { type: 'data_source', id: source },
    ]);
  });
});

describe('layout publish rules', () => {
  const none = (): PublishFacts => ({ widgets: new Map(), assets: new Map(), playlists: new Map(), dataSources: new Set(), containing: new Set() });
  const video = { type: 'video', hasFile: true, emits: { video: true, audio: true } };

  it('name placements whose content is gone or cannot be played', () => {
    const facts = none();
    const website = randomUUID();
    facts.assets.set(website, { type: 'website', hasFile: false, emits: {} });
    const gone = [
      placement({ type: 'widget', widgetId: randomUUID(), primitive: undefined }),
      placement({ type: 'asset', assetId: randomUUID(), primitive: undefined }),
      placement({ type: 'asset', assetId: website, primitive: undefined }),
      placement({ type: 'playlistZone', playlistId: randomUUID(), primitive: undefined }),
      placement({ primitive: { kind: 'text', binding: { dataSourceId: randomUUID(), field: 'a' } } }),
    ];
    expect(publishProblems(doc([...gone, placement()]), facts).map((p) => p.placementId)).to.deep.equal(gone.map((p) => p.id));
    const background = randomUUID();
    facts.assets.set(background, video);
    expect(publishProblems(doc([], { backgroundAssetId: background }), facts)).to.have.length(1);
  });

  it('allow one visible video-capable element and one heard; muting or hiding makes room', () => {
    const facts = none();
    const [clip, zone, widget] = [randomUUID(), randomUUID(), randomUUID()];
    facts.assets.set(clip, video);
    facts.playlists.set(zone, { video: true });
    facts.widgets.set(widget, { video: true, audio: true });
    const a = placement({ type: 'asset', assetId: clip, primitive: undefined });
    const z = placement({ type: 'playlistZone', playlistId: zone, primitive: undefined });
    expect(publishProblems(doc([a]), facts)).to.deep.equal([]);
    const two = publishProblems(doc([a, z]), facts);
    expect(new Set(two.map((p) => p.placementId))).to.deep.equal(new Set([a.id, z.id]));
    expect(publishProblems(doc([a, { ...z, visible: false }]), facts), 'a hidden zone does not count').to.deep.equal([]);
    // Two elements that may show video, one of them muted: still two pictures.
    expect(publishProblems(doc([a, { ...z, playback: { muted: true } }]), facts)).to.have.length(2);
    const w = placement({ type: 'widget', widgetId: widget, primitive: undefined, overrides: { muted: true } });
    expect(publishProblems(doc([w]), facts)).to.deep.equal([]);
  });

  it('refuse a zone whose playlist plays this layout', () => {
    const facts = none();
    const playlist = randomUUID();
    facts.playlists.set(playlist, { video: false });
    facts.containing.add(playlist);
    const z = placement({ type: 'playlistZone', playlistId: playlist, primitive: undefined });
    expect(publishProblems(doc([z]), facts).map((p) => p.placementId)).to.deep.equal([z.id]);
  });
});
