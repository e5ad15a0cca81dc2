import type { DataOf } from '../api/types';

export type { Box } from './geometry';

export type Layout = DataOf<'/api/v1/layouts/{id}', 'get'>;
export type LayoutSummary = DataOf<'/api/v1/layouts', 'get'>['items'][number];
export type LayoutDocument = Layout['draft'];
export type Placement = LayoutDocument['placements'][number];
/** One thing publishing refused, on the placement it names when it names one. */
export interface Problem {
  placementId?: string;
  message: string;
}
