import type { CredentialCache } from './credentials/credential-cache.js';
import type { ContactBuffer } from './presence/contact-buffer.js';
import type { ScreensBaseDeps } from './screens-base-deps.js';

/** What sits in front of the tables, a layer of its own: the credential cache and the contact buffer. */
export interface ScreensCacheDeps extends ScreensBaseDeps {
  credentialCache: CredentialCache;
  contactBuffer: ContactBuffer;
}
