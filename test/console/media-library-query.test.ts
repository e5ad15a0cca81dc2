import { expect } from 'chai';
import { usesOf } from '../../console/src/media/asset-usage.js';
import { folderOptions } from '../../console/src/media/folder-paths.js';
import { assetQueryOf, filtersFrom, nextPageOf, paramsOf } from '../../console/src/media/library-query.js';

const TAG = '0b9c1f8e-5d3a-4c7b-9a1e-2f3d4c5b6a70';
const FOLDER = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('console media library filters', () => {
  it('reads the filters from the address and writes them back the same', () => {
    const params = new URLSearchParams({ q: 'menu', type: 'video', tag: TAG, folder: FOLDER, view: 'list' });
    const filters = filtersFrom(params);
    expect(filters).to.include({ search: 'menu', type: 'video', tagId: TAG, folderId: FOLDER, view: 'list', archived: false });
    expect(paramsOf(filters).toString()).to.equal(params.toString());
  });

  it('ignores malformed values in the address instead of sending them to the server', () => {
    const filters = filtersFrom(new URLSearchParams({ type: 'spreadsheet', tag: 'not-an-id', folder: "x' or 1=1", view: 'huge' }));
    expect(filters).to.deep.equal({
      search: '',
      type: undefined,
      tagId: undefined,
      folderId: undefined,
      collectionId: undefined,
      archived: false,
      view: 'grid',
    });
    expect(paramsOf(filters).toString()).to.equal('');
  });

  it('asks the server only for the filters set, with `none` for assets in no folder', () => {
    expect(assetQueryOf(filtersFrom(new URLSearchParams({ q: '  ', folder: 'none' })))).to.deep.equal({ pageSize: 24, folderId: 'none' });
    expect(assetQueryOf(filtersFrom(new URLSearchParams({ q: ' menu ', tag: TAG, archived: 'true' })))).to.deep.equal({
      pageSize: 24,
      search: 'menu',
      tagId: TAG,
      archived: true,
    });
  });

  it('asks for another page only while assets remain', () => {
    expect(nextPageOf({ page: 1, pageSize: 24, total: 25 })).to.equal(2);
    expect(nextPageOf({ page: 2, pageSize: 24, total: 48 })).to.equal(undefined);
  });

  it('names folders by their whole path, sorted', () => {
    const options = folderOptions([
      { id: 'b', parentId: 'a', name: 'Breakfast' },
      { id: 'a', name: 'Menus' },
      { id: 'c', name: 'Ads' },
    ]);
    expect(options).to.deep.equal([
      { value: 'c', label: 'Ads' },
      { value: 'a', label: 'Menus' },
      { value: 'b', label: 'Menus / Breakfast' },
    ]);
  });

  it('finds what uses an asset in the dependency graph, each user once', () => {
    const graph = {
      nodes: [
        { id: 'p1', type: 'playlists', name: 'Lobby' },
        { id: 'm1', type: 'media', name: 'logo' },
      ],
      edges: [
        { fromType: 'media', fromId: 'm1', toType: 'playlists', toId: 'p1', relationship: 'item' },
        { fromType: 'media', fromId: 'm1', toType: 'playlists', toId: 'p1', relationship: 'tag_rule' },
        { fromType: 'media', fromId: 'm2', toType: 'playlists', toId: 'p1', relationship: 'item' },
        { fromType: 'playlists', fromId: 'p1', toType: 'screens', toId: 's1', relationship: 'assigned' },
      ],
    };
    expect(usesOf(graph, 'm1')).to.deep.equal([{ type: 'playlists', id: 'p1', name: 'Lobby' }]);
    expect(usesOf(graph, 'm3')).to.deep.equal([]);
  });
});
