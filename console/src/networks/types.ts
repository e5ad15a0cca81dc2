import type { DataOf } from '../api/types';

export type NetworkList = DataOf<'/api/v1/presentation-networks', 'get'>;
export type PresentationNetwork = NetworkList['items'][number];
export type SecurityOption = NetworkList['supportedSecurity'][number];
export type Readiness = DataOf<'/api/v1/screens/{id}/presentation-network', 'get'>;

export const NETWORKS_PATH = '/api/v1/presentation-networks';
