/** The roles, least to most: each may do what the ones before it may (the API's rule). */
export const ROLES = ['viewer', 'contributor', 'editor', 'administrator', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const atLeast = (role: Role | undefined, needed: Role): boolean => role !== undefined && ROLES.indexOf(role) >= ROLES.indexOf(needed);
