import type { DataOf } from '../api/types';

export type Submission = DataOf<'/api/v1/content-submissions/{id}', 'get'>;
export type Publication = DataOf<'/api/v1/content-history/{type}/{id}/publications', 'get'>['items'][number];
export type Comparison = DataOf<'/api/v1/content-history/{type}/{id}/compare', 'get'>;
/** The kinds of content with drafts: the `{type}` of the editorial routes. */
export type ContentType = 'playlist' | 'layout' | 'campaign';
