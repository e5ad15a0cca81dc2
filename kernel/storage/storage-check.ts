import { ConfigError } from '../config.js';
import type { Storage } from './storage.js';

/**
 * A store this server cannot write to is a configuration error (a wrong bucket, endpoint or
 * credentials), said in one line before anything starts; a local folder is checked by /readyz.
 */
export async function assertStorageUsable(storage: Storage): Promise<void> {
  try {
    await storage.checkWritable();
  } catch (err) {
    throw new ConfigError(`media storage ${storage.location} cannot be written: ${(err as Error).message}`);
  }
}
