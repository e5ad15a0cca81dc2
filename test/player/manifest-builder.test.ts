import { expect } from 'chai';
import type { AssetRow, VariantRow } from '../../core-modules/media/assets.repository.js';
import { buildManifestContent, contentHash, playerVariant } from '../../core-modules/player/manifest-builder.js';
import type { PlaylistView } from '../../core-modules/playlists/playlist-schemas.js';

const ASSET = '00000000-0000-4000-8000-000000000001';
const asset = (overrides: Partial<AssetRow> = {}) => ({ id: ASSET, type: 'video', processing_status: 'ready', archived_at: null, available_from: null, expires_at: null, width: 1920, height: 1080, duration_seconds: 12, ...overrides }) as AssetRow;
const variant = (kind: VariantRow['kind'], overrides: Partial<VariantRow> = {}) =>
  ({ id: `00000000-0000-4000-8000-00000000010${kind === 'original' ? 1 : 2}`, asset_id: ASSET, kind, mime_type: 'video/mp4', sha256: kind, file_size: 10, width: null, height: null, duration_seconds: null, player_compatible: true, ...overrides }) as VariantRow;
const playlist = (): PlaylistView =>
  ({
    id: '00000000-0000-4000-8000-000000000009',
    name: 'Loop',
    revision: 3,
    items: [{ id: '00000000-0000-5000-8000-00000000000a', source: 'tag', assetId: ASSET, durationMs: null, fitMode: 'contain', transition: 'none', audioEnabled: true, volume: 1, deliveryPolicy: 'automatic' }],
  }) as unknown as PlaylistView;

const SHARED = { prefetchHorizonDays: 14, activationGraceSeconds: 30 };

describe('manifest building (pure)', () => {
  it('prefers the playback copy, else the original, and never a variant players cannot use', () => {
    expect(playerVariant([variant('original'), variant('playback')])?.kind).to.equal('playback');
    expect(playerVariant([variant('original'), variant('playback', { player_compatible: false })])?.kind).to.equal('original');
    expect(playerVariant([variant('original', { player_compatible: false })])).to.equal(undefined);
  });

  it('lists each asset once with its download path, and leaves out assets that are not ready', () => {
    const ready = buildManifestContent(playlist(), new Map([[ASSET, { asset: asset(), variants: [variant('original')] }]]), SHARED);
    expect(ready.assets).to.have.length(1);
    expect(ready.assets[0]).to.include({ fileSize: 10, width: 1920, durationSeconds: 12, downloadPath: `/api/v1/player/assets/${ASSET}/variants/${variant('original').id}` });
    expect(ready.playlist?.items).to.have.length(1);
    const processing = buildManifestContent(playlist(), new Map([[ASSET, { asset: asset({ processing_status: 'processing' }), variants: [variant('original')] }]]), SHARED);
    expect(processing.assets).to.deep.equal([]);
    expect(processing.playlist?.items).to.deep.equal([]);
    const nothing = buildManifestContent(undefined, new Map(), SHARED);
    expect(nothing).not.to.have.property('playlist');
    expect(nothing.playlists).to.deep.equal([]);
  });

  it('states the timing it is given, and lists a logo once among the assets with its branding ids', () => {
    const logoVariant = variant('original', { mime_type: 'image/png' });
    const logo = { assetId: ASSET, variantId: logoVariant.id, mimeType: 'image/png', sha256: 'original', fileSize: 10, downloadPath: `/api/v1/player/assets/${ASSET}/variants/${logoVariant.id}` };
    const withLogo = buildManifestContent(playlist(), new Map([[ASSET, { asset: asset(), variants: [variant('original')] }]]), { ...SHARED, logo });
    expect(withLogo).to.include({ prefetchHorizonDays: 14, activationGraceSeconds: 30 });
    expect(withLogo.branding).to.deep.equal({ logoAssetId: ASSET, logoVariantId: logoVariant.id });
    expect(withLogo.assets).to.have.length(1);
    const otherLogo = { ...logo, assetId: '00000000-0000-4000-8000-0000000000ff' };
    expect(buildManifestContent(undefined, new Map(), { ...SHARED, logo: otherLogo }).assets).to.deep.equal([otherLogo]);
    expect(buildManifestContent(undefined, new Map(), SHARED)).not.to.have.property('branding');
  });

  it('hashes content independently of key order, and differently when content differs', () => {
    expect(contentHash({ a: 1, b: [1, { c: 2, d: undefined }] })).to.equal(contentHash({ b: [1, { c: 2 }], a: 1 }));
    expect(contentHash({ a: [1, 2] })).not.to.equal(contentHash({ a: [2, 1] }));
  });
});
