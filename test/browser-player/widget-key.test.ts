import { expect } from 'chai';
import { sourcesOf, widgetKey } from '../../browser-player/src/render/presentation/widget-key.js';
import type { ManifestWidget, PresentationNode } from '../../browser-player/src/wire/manifest.js';

const widget = (root: PresentationNode): ManifestWidget => ({
  assetId: 'w1',
  name: 'Board',
  provider: 'core',
  configVersion: 1,
  presentation: { schemaVersion: 1, kind: 'native', requiredCapabilities: {}, native: { root } },
});

/** A board reading the weather (a binding and a chart) and the menu (a list, behind a condition on the alerts). */
const board = widget({
  type: 'surface',
  children: [
    { type: 'text', binding: { source: 'dataset', dataset: 'weather', path: 'temperature' } },
    { type: 'bar_chart', props: { dataset: 'weather:hourly', valueField: 'rain' } },
    {
      type: 'conditional',
      condition: { binding: { source: 'dataset', dataset: 'alerts', path: 'level' }, op: 'equals', value: 'none' },
      children: [{ type: 'repeat', repeat: { dataset: 'menu', limit: 5 }, children: [{ type: 'text', binding: { source: 'repeat', path: 'dish' } }] }],
    },
    { type: 'asset_image', props: { assetId: 'logo', variantId: 'logo-v2', fit: 'contain' } },
    { type: 'text', binding: { source: 'environment', path: 'currentTime', format: 'time:24:false:UTC' } },
  ],
});

describe('browser player widgets: when a widget on screen is drawn again', () => {
  const documents: Record<string, unknown> = {
    weather: { datasets: [{ id: 'now', records: [{ id: 'r', values: { temperature: { kind: 'number', number: 12 } } }] }] },
    alerts: { datasets: [] },
    menu: { datasets: [{ id: 'today', records: [] }] },
    traffic: { datasets: [{ id: 'roads', records: [] }] },
  };
  const files: Record<string, string> = { 'logo/logo-v2': '/media/logo-v2.png' };
  const keyWith = (change: { documents?: Record<string, unknown>; files?: Record<string, string>; widget?: ManifestWidget } = {}) =>
    widgetKey(
      change.widget ?? board,
      (id) => ({ ...documents, ...change.documents })[id],
      (assetId, variantId) => ({ ...files, ...change.files })[`${assetId}/${variantId}`],
    );

  it('reads the sources a widget’s bindings, charts, collections and conditions name', () => {
    expect(sourcesOf(board.presentation?.native?.root)).to.deep.equal(['alerts', 'menu', 'weather']);
    expect(sourcesOf(undefined)).to.deep.equal([]);
  });

  it('changes with the data of a source the widget reads, its definition, or a file it shows', () => {
    const first = keyWith();
    expect(keyWith(), 'the same manifest again').to.equal(first);
    expect(keyWith({ documents: { weather: { datasets: [{ id: 'now', records: [] }] } } })).to.not.equal(first);
    expect(keyWith({ documents: { menu: { datasets: [{ id: 'today', records: [{ id: 'soup', values: {} }] }] } } })).to.not.equal(first);
    expect(keyWith({ widget: { ...board, name: 'Renamed board' } })).to.not.equal(first);
    expect(keyWith({ files: { 'logo/logo-v2': 'blob:elsewhere' } })).to.not.equal(first);
  });

  it('does not change with the data of a source it does not read', () => {
    expect(keyWith({ documents: { traffic: { datasets: [{ id: 'roads', records: [{ id: 'jam', values: {} }] }] } } })).to.equal(keyWith());
  });
});
