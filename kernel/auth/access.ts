import type { Role } from './principal.js';

/**
 * The role matrix, in one place. Console routes name one of these levels; the kernel's guard
 * enforces it and the OpenAPI document shows the roles per operation.
 */
export const ACCESS = {
  /** Any signed-in user, including viewers: reads, own preferences and security. */
  signedIn: ['owner', 'administrator', 'editor', 'contributor', 'viewer'],
  /** Create and edit content (uploads, playlists, layout drafts, …). */
  authors: ['owner', 'administrator', 'editor', 'contributor'],
  /** Delete, archive, publish and review content. */
  managers: ['owner', 'administrator', 'editor'],
  /** Screens, placement, fleet operations, settings, users below administrator. */
  administrators: ['owner', 'administrator'],
  /** Integration tokens, backups, releases, settings export/import. */
  owner: ['owner'],
} as const satisfies Record<string, readonly Role[]>;

export type AccessLevel = keyof typeof ACCESS;
