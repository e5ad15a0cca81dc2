import type { DataOf } from '../api/types';

export type ScreenGroup = DataOf<'/api/v1/screen-groups/{id}', 'get'>;
