import { readFileSync } from 'node:fs';

/** This server's release, as package.json names it: shown in the status and stamped on settings exports. */
export const SIGNAGE_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
