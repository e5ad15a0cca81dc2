import type { DataOf } from '../api/types';

export type Screen = DataOf<'/api/v1/screens/{id}', 'get'>;
export type PairingRequest = DataOf<'/api/v1/screens/pairing/resolve', 'post'>;
export type ScreenCommand = DataOf<'/api/v1/screens/{id}/commands', 'get'>['items'][number];
