import type { paths } from '../api/schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type Screen = Json<paths['/api/v1/screens/{id}']['get']['responses'][200]>['data'];
export type PairingRequest = Json<paths['/api/v1/screens/pairing/resolve']['post']['responses'][200]>['data'];
export type ScreenCommand = Json<paths['/api/v1/screens/{id}/commands']['get']['responses'][200]>['data']['items'][number];
