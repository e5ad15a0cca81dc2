import { expect } from 'chai';
import type { ServedFile } from '../../core-modules/media/media.api.js';
import type { SourceContent } from '../../core-modules/player/content-sources.js';
import { assembleManifestContent as assembleWith, contentFor, contentHash, manifestFile } from '../../core-modules/player/manifest-builder.js';
import type { ManifestShared } from '../../core-modules/player/manifest-builder.js';
import { playerSections } from '../../core-modules/player/player-sections.js';
import { profileOf } from '../../core-modules/player/player-profiles.js';
import { schedulesSection } from '../../core-modules/schedules/schedules.section.js';

const ASSET = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const file = (assetId: string, overrides: Partial<ServedFile> = {}): ServedFile => ({
  assetId,
  variantId: `${assetId.slice(0, -3)}101`,
  assetType: 'video',
  mimeType: 'video/mp4',
  sha256: 'ab',
  fileSize: 10,
  width: 1920,
  durationSeconds: 12,
  ...overrides,
});
const playlist = (id: string, assetId: string, transition = 'none') => ({
  id,
  name: `Loop ${id.slice(-1)}`,
  revision: 3,
  items: [
    {
      id: `${id.slice(0, -3)}00a`,
      assetId,
      variantId: file(assetId).variantId,
      assetType: 'video',
      durationMs: null,
      fitMode: 'contain',
      transition,
      audioEnabled: true,
      volume: 1,
      deliveryPolicy: 'automatic',
    },
  ],
});
const source = (playlistId: string, assetId: string, extra: Partial<SourceContent> = {}): SourceContent => ({
  playlist: playlist(playlistId, assetId),
  files: [file(assetId)],
  ...extra,
});

const SHARED = { prefetchHorizonDays: 14, activationGraceSeconds: 30 };
// The sections the player and the schedules module register.
const SECTIONS = [...playerSections, schedulesSection] as unknown as Parameters<typeof assembleWith>[1];
const assembleManifestContent = (contents: SourceContent[], shared: ManifestShared) => assembleWith(contents, SECTIONS, shared);
const P1 = '00000000-0000-4000-8000-000000000091';
const P2 = '00000000-0000-4000-8000-000000000092';

describe('manifest assembly (pure)', () => {
  it('lists each file once with its download path; with no source the screen plays nothing', () => {
    const one = assembleManifestContent([source(P1, ASSET, { files: [file(ASSET), file(ASSET)] })], SHARED);
    expect(one.assets).to.deep.equal([manifestFile(file(ASSET))]);
    expect(one.assets[0]).to.include({
      fileSize: 10,
      width: 1920,
      durationSeconds: 12,
      downloadPath: `/api/v1/player/assets/${ASSET}/variants/${file(ASSET).variantId}`,
    });
    expect(one.playlist?.id).to.equal(P1);
    expect(one.playlists.map((p) => p.id)).to.deep.equal([P1]);
    const nothing = assembleManifestContent([], SHARED);
    expect(nothing).not.to.have.property('playlist');
    expect(nothing.playlists).to.deep.equal([]);
    expect(nothing.assets).to.deep.equal([]);
  });

  it('lets the highest-ranked source decide the playlist, gathers list sections in rank order, and sends only files that may play', () => {
    const weekly = (id: string) => ({
      id,
      type: 'weekly' as const,
      timezone: 'UTC',
      priority: 0,
      specificity: 1,
      dailyStart: '09:00',
      dailyEnd: '17:00',
      daysOfWeek: [1],
    });
    const high = source(P2, OTHER, { schedules: [weekly(P2)] });
    const low = source(P1, ASSET, { schedules: [weekly(P1)] });
    const content = assembleManifestContent([high, low], SHARED);
    expect(content.playlist?.id).to.equal(P2);
    expect(content.directFallbackPlaylist?.id, 'the players’ name for the same fallback').to.equal(P2);
    expect(
      content.playlists.map((p) => p.id),
      'a lower source’s playlist can never play: not sent',
    ).to.deep.equal([P2]);
    expect(content.schedules.map((s) => s.id)).to.deep.equal([P2, P1]);
    expect(
      content.assets.map((a) => a.assetId),
      'the superseded playlist’s file stays home',
    ).to.deep.equal([OTHER]);
    expect(
      assembleManifestContent([{ playlists: [playlist(P2, OTHER)], files: [] }, source(P2, OTHER)], SHARED).playlists,
      'a playlist two sources name is listed once',
    ).to.have.length(1);
  });

  it('lists the playlists a schedule may switch to without making them the fallback', () => {
    const scheduled = { playlists: [playlist(P2, OTHER)], files: [file(OTHER)] };
    const content = assembleManifestContent([scheduled, source(P1, ASSET)], SHARED);
    expect(content.playlist?.id).to.equal(P1);
    expect(
      content.playlists.map((p) => p.id),
      'the fallback first',
    ).to.deep.equal([P1, P2]);
    const onlyScheduled = assembleManifestContent([scheduled], SHARED);
    expect(onlyScheduled).not.to.have.property('playlist');
    expect(onlyScheduled).not.to.have.property('directFallbackPlaylist');
    expect(onlyScheduled.playlists.map((p) => p.id)).to.deep.equal([P2]);
  });

  it('sends a crossfade only to players that play one (schema 14 and version code 33), a fade to the others', () => {
    const content = assembleManifestContent([{ playlist: playlist(P1, ASSET, 'crossfade'), files: [file(ASSET)] }], SHARED);
    const transitions = (facts: Parameters<typeof profileOf>[0]) => {
      const sent = contentFor(content, SECTIONS, profileOf(facts));
      return [sent.playlist?.items[0]?.transition, sent.directFallbackPlaylist?.items[0]?.transition, sent.playlists[0]?.items[0]?.transition];
    };
    const player = { platform: 'android', androidSdk: 33, capabilities: {} };
    expect(transitions(undefined)).to.deep.equal(['fade', 'fade', 'fade']);
    expect(transitions({ ...player, versionCode: 40, schemaVersions: [11, 12, 13] })).to.deep.equal(['fade', 'fade', 'fade']);
    expect(transitions({ ...player, versionCode: 32, schemaVersions: [11, 12, 13, 14] })).to.deep.equal(['fade', 'fade', 'fade']);
    expect(transitions({ ...player, versionCode: 33, schemaVersions: [11, 12, 13, 14] })).to.deep.equal(['crossfade', 'crossfade', 'crossfade']);
  });

  it('states the timing it is given, and lists a logo once among the assets with its branding ids', () => {
    const logo = manifestFile(file(ASSET, { mimeType: 'image/png', assetType: 'image' }));
    const withLogo = assembleManifestContent([source(P1, ASSET)], { ...SHARED, logo });
    expect(withLogo).to.include({ prefetchHorizonDays: 14, activationGraceSeconds: 30 });
    expect(withLogo.branding).to.deep.equal({ logoAssetId: ASSET, logoVariantId: logo.variantId });
    expect(withLogo.assets).to.have.length(1);
    const otherLogo = { ...logo, assetId: '00000000-0000-4000-8000-0000000000ff' };
    expect(assembleManifestContent([], { ...SHARED, logo: otherLogo }).assets).to.deep.equal([otherLogo]);
    expect(assembleManifestContent([], SHARED)).not.to.have.property('branding');
  });

  it('hashes equal builds alike, and differently when anything sent or the schema differs (the fallback counted once)', () => {
    const build = (sources: SourceContent[]) => assembleManifestContent(sources, SHARED);
    const one = build([source(P1, ASSET)]);
    expect(one.directFallbackPlaylist).to.equal(one.playlist);
    expect(contentHash(11, one)).to.equal(contentHash(11, build([source(P1, ASSET)])));
    expect(contentHash(11, one)).not.to.equal(contentHash(13, one));
    const changed = [
      build([source(P1, OTHER)]),
      build([source(P2, ASSET)]),
      build([source(P1, ASSET, { files: [file(ASSET, { sha256: 'cd' })] })]),
      { ...one, playlist: { ...one.playlist!, revision: 4 } },
      { ...one, directFallbackPlaylist: { ...one.playlist!, name: 'Other' } },
      { ...one, playlists: [...one.playlists, playlist(P2, ASSET)] },
      { ...one, prefetchHorizonDays: 7 },
    ];
    for (const content of changed) expect(contentHash(11, content)).not.to.equal(contentHash(11, one));
  });
});
