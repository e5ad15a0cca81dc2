import { $api } from '../api/client';
import { folderOptions } from './folder-paths';

/** The library's folders (with their paths), tags and collections, for filters and the drawer. */
export function useOrganizers() {
  const folders = $api.useQuery('get', '/api/v1/content-folders');
  const tags = $api.useQuery('get', '/api/v1/content-tags');
  const collections = $api.useQuery('get', '/api/v1/content-collections');
  const folderList = folders.data?.data ?? [];
  return {
    folders: folderList,
    folderOptions: folderOptions(folderList),
    tags: tags.data?.data ?? [],
    collections: collections.data?.data ?? [],
    error: folders.error ?? tags.error ?? collections.error,
  };
}
