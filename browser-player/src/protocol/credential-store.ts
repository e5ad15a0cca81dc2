import { del, get, set } from 'idb-keyval';
import { CREDENTIAL_KEY, type StoredCredential } from '../seams.js';

/** The enrolled identity kept in IndexedDB; the service worker reads the same key. */
export async function loadCredential(): Promise<StoredCredential | undefined> {
  const stored = await get<StoredCredential>(CREDENTIAL_KEY);
  return stored?.credential && stored.screenId && stored.installationId ? stored : undefined;
}

export const saveCredential = (c: StoredCredential): Promise<void> => set(CREDENTIAL_KEY, c);

/** After a revoke (or a different server): the next start pairs again. */
export const clearCredential = (): Promise<void> => del(CREDENTIAL_KEY);
