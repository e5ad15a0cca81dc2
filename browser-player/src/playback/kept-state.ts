import { createStore, del, get, set } from 'idb-keyval';
import type { KeptState } from '../player.js';

// Its own database, apart from the credential's: a manifest can be large, and it is written on
// every change while the credential is read by the service worker on every download.
const store = createStore('signage-player-kept', 'kept');
const KEY = 'state';

/** The last manifest and config (with their ETags) and the playback flag, kept so a reload offline plays at once. */
export const keptState = {
  load: (): Promise<KeptState | undefined> => get<KeptState>(KEY, store),
  save: (state: KeptState): Promise<void> => set(KEY, state, store),
  clear: (): Promise<void> => del(KEY, store),
};
