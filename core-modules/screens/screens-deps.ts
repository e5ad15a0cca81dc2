import type { CommandsDeps } from './commands/commands-deps.js';
import type { CredentialsDeps } from './credentials/credentials-deps.js';
import type { LiveStreamDeps } from './live-stream/live-stream-deps.js';
import type { LocationsDeps } from './locations/locations-deps.js';
import type { PairingDeps } from './pairing/pairing-deps.js';
import type { PresenceDeps } from './presence/presence-deps.js';

/** The whole screens module's container. */
export type ScreensDeps = PairingDeps & CredentialsDeps & PresenceDeps & CommandsDeps & LocationsDeps & LiveStreamDeps;
