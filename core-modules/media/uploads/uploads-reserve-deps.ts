import type { DiskReserve } from './disk-reserve.js';
import type { UploadsBaseDeps } from './uploads-base-deps.js';

/** The disk reserve, a layer of its own: both upload services count on it, and it reads the base. */
export interface UploadsReserveDeps extends UploadsBaseDeps {
  diskReserve: DiskReserve;
}
