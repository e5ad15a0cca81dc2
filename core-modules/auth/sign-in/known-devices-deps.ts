import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { KnownDevices } from './known-device.js';

/** Known devices, a layer of their own: the sign-in limits spare them. */
export interface KnownDevicesDeps extends AuthBaseDeps {
  knownDevices: KnownDevices;
}
