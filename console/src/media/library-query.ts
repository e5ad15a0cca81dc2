/**
 * The library's filters as they live in the page address (`?q=&type=&tag=&folder=&collection=&view=`)
 * and as the asset list asks the server for them. Pure: no React, no requests.
 */

export const ASSET_TYPES = ['image', 'video', 'website'] as const;
export type LibraryView = 'grid' | 'list';

export interface LibraryFilters {
  search: string;
  type?: (typeof ASSET_TYPES)[number];
  tagId?: string;
  /** A folder id, or `none` for assets in no folder; absent: every folder. */
  folderId?: string;
  collectionId?: string;
  archived: boolean;
  view: LibraryView;
}

const PARAM = { search: 'q', type: 'type', tagId: 'tag', folderId: 'folder', collectionId: 'collection', archived: 'archived', view: 'view' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const id = (value: string | null) => (value && UUID.test(value) ? value : undefined);

/** Reads the filters from the address; anything malformed there is ignored rather than sent. */
export function filtersFrom(params: URLSearchParams): LibraryFilters {
  const type = params.get(PARAM.type);
  const folder = params.get(PARAM.folderId);
  return {
    search: (params.get(PARAM.search) ?? '').slice(0, 200),
    type: ASSET_TYPES.find((t) => t === type),
    tagId: id(params.get(PARAM.tagId)),
    folderId: folder === 'none' ? 'none' : id(folder),
    collectionId: id(params.get(PARAM.collectionId)),
    archived: params.get(PARAM.archived) === 'true',
    view: params.get(PARAM.view) === 'list' ? 'list' : 'grid',
  };
}

/** The address for `filters`: defaults are left out, so a plain library is plain `/media`. */
export function paramsOf(filters: LibraryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set(PARAM.search, filters.search);
  if (filters.type) params.set(PARAM.type, filters.type);
  if (filters.tagId) params.set(PARAM.tagId, filters.tagId);
  if (filters.folderId) params.set(PARAM.folderId, filters.folderId);
  if (filters.collectionId) params.set(PARAM.collectionId, filters.collectionId);
  if (filters.archived) params.set(PARAM.archived, 'true');
  if (filters.view === 'list') params.set(PARAM.view, 'list');
  return params;
}

/** The query of GET /api/v1/assets for `filters` (the page number is added per page). */
export function assetQueryOf(filters: LibraryFilters, pageSize = 24) {
  const search = filters.search.trim();
  return {
    pageSize,
    ...(search ? { search } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.tagId ? { tagId: filters.tagId } : {}),
    ...(filters.folderId ? { folderId: filters.folderId } : {}),
    ...(filters.collectionId ? { collectionId: filters.collectionId } : {}),
    ...(filters.archived ? { archived: true } : {}),
  };
}

/** The next page to ask for after `last`, or undefined when every asset has been listed. */
export function nextPageOf(last: { page: number; pageSize: number; total: number }): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}
