import type { paths } from '../api/schema';

/** An asset as the library lists and shows it (the server's LibraryAsset). */
export type LibraryAsset = paths['/api/v1/assets/{id}']['get']['responses'][200]['content']['application/json']['data'];
export type ContentFolder = paths['/api/v1/content-folders']['get']['responses'][200]['content']['application/json']['data'][number];
export type ContentTag = paths['/api/v1/content-tags']['get']['responses'][200]['content']['application/json']['data'][number];
export type ContentCollection = paths['/api/v1/content-collections']['get']['responses'][200]['content']['application/json']['data'][number];
