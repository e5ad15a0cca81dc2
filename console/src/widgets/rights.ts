import { atLeast, type Role } from '../auth/roles';

/** What a role may do with widgets and layouts, as the API's routes allow it. */
export interface ContentRights {
  /** Create, duplicate and change them: contributors and above. */
  edit: boolean;
  /** Delete them, and publish a layout: editors and above. */
  manage: boolean;
}

export const contentRights = (role: Role | undefined): ContentRights => ({ edit: atLeast(role, 'contributor'), manage: atLeast(role, 'editor') });
