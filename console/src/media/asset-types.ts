import type { DataOf } from '../api/types';

/** An asset as the library lists and shows it (the server's LibraryAsset). */
export type LibraryAsset = DataOf<'/api/v1/assets/{id}', 'get'>;
