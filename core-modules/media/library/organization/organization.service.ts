import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../../kernel/auth/principal.js';
import { invalidInput } from '../../../../kernel/errors.js';
import { organizerNotFound } from '../library-errors.js';
import { collectionView, folderView, tagView, type CollectionView, type FolderView, type TagView } from './organization-view.js';
import type { CollectionRow, FolderRow, TagRow } from './organization.models.js';
import { nameTaken, type OrganizerKind } from './organization.repository.js';
import type { LibraryBaseDeps } from '../library-base-deps.js';

type Deps = Pick<LibraryBaseDeps, 'db' | 'auditLog' | 'contentOrganizationRepository'>;

export interface FolderInput {
  /** null: at the top. */
  parentId?: string | null;
  name?: string;
  description?: string;
}
export interface CollectionInput {
  name?: string;
  description?: string;
}
export interface TagInput {
  name?: string;
  color?: string;
}

function cleanName(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const trimmed = name.trim();
  if (!trimmed) throw invalidInput('validation_failed', 'The name cannot be blank.', 'body/name');
  return trimmed;
}

/**
 * Folders (a tree), collections and tags. Folders never reach players; tag changes will once
 * tag-driven playlists exist, which is why tags are kept apart from free-form labels.
 */
export class ContentOrganizationService {
  constructor(private readonly d: Deps) {}

  private get repo() {
    return this.d.contentOrganizationRepository;
  }

  private audit(
    kind: OrganizerKind,
    verb: 'created' | 'updated' | 'deleted',
    actor: ConsolePrincipal,
    ip: string,
    id: string,
    metadata: Record<string, unknown>,
    trx: Knex.Transaction,
  ) {
    return this.d.auditLog.record({ action: `media.${kind}_${verb}`, actor, ip, resourceType: kind, resourceId: id, metadata }, trx);
  }

  async listFolders(): Promise<FolderView[]> {
    return (await this.repo.list<FolderRow>('folder')).map(folderView);
  }

  async listCollections(): Promise<CollectionView[]> {
    return (await this.repo.list<CollectionRow>('collection')).map(collectionView);
  }

  async listTags(): Promise<TagView[]> {
    return (await this.repo.list<TagRow>('tag')).map(tagView);
  }

  /** Creates (no id) or changes a folder: its parent must exist, and not be itself or below it. */
  async saveFolder(actor: ConsolePrincipal, id: string | undefined, input: FolderInput, ip: string): Promise<FolderView> {
    const name = cleanName(input.name);
    const folderId = await this.d.db.transaction(async (trx) => {
      await this.repo.lockFolderTree(trx);
      const current = id ? await this.repo.byId<FolderRow>('folder', id, trx) : undefined;
      if (id && !current) throw organizerNotFound('folder');
      const parentId = input.parentId === undefined ? (current?.parent_id ?? null) : input.parentId;
      if (parentId && parentId !== current?.parent_id) {
        const ancestry = await this.repo.ancestry(parentId, trx);
        if (!ancestry.length) throw organizerNotFound('folder', [parentId]);
        if (id && ancestry.includes(id)) throw invalidInput('folder_cycle', 'A folder cannot be moved into itself or one of its subfolders.', 'body/parentId');
      }
      const finalName = name ?? current!.name;
      if (await this.repo.siblingNameTaken(parentId, finalName, id, trx)) throw nameTaken('folder');
      const values = { parent_id: parentId, name: finalName, ...(input.description === undefined ? {} : { description: input.description }) };
      if (id) await this.repo.update<FolderRow>('folder', id, values, trx);
      const saved = id ?? (await this.repo.insert<FolderRow>('folder', values, trx));
      await this.audit('folder', id ? 'updated' : 'created', actor, ip, saved, { name: finalName, parentId }, trx);
      return saved;
    });
    return folderView((await this.repo.byId<FolderRow>('folder', folderId))!);
  }

  async saveCollection(actor: ConsolePrincipal, id: string | undefined, input: CollectionInput, ip: string): Promise<CollectionView> {
    const values = {
      ...(input.name === undefined ? {} : { name: cleanName(input.name) }),
      ...(input.description === undefined ? {} : { description: input.description }),
    };
    const saved = await this.save<CollectionRow>('collection', actor, id, values, ip);
    return collectionView(saved);
  }

  async saveTag(actor: ConsolePrincipal, id: string | undefined, input: TagInput, ip: string): Promise<TagView> {
    const values = {
      ...(input.name === undefined ? {} : { name: cleanName(input.name) }),
      ...(input.color === undefined ? {} : { color: input.color.toLowerCase() }),
    };
    const saved = await this.save<TagRow>('tag', actor, id, values, ip);
    return tagView(saved);
  }

  private async save<R extends { id: string; name: string }>(
    kind: 'collection' | 'tag',
    actor: ConsolePrincipal,
    id: string | undefined,
    values: Record<string, unknown>,
    ip: string,
  ): Promise<R> {
    const savedId = await this.d.db.transaction(async (trx) => {
      const saved = id ? ((await this.repo.update(kind, id, values, trx)) ? id : undefined) : await this.repo.insert(kind, values, trx);
      if (!saved) throw organizerNotFound(kind);
      await this.audit(kind, id ? 'updated' : 'created', actor, ip, saved, { name: values.name }, trx);
      return saved;
    });
    return (await this.repo.byId<R>(kind, savedId))!;
  }

  /**
   * Assets of a deleted folder become unfiled and its subfolders move to the top. A subfolder may
   * then share its name with another top-level folder; the name rule binds new names only.
   */
  async remove(actor: ConsolePrincipal, kind: OrganizerKind, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      if (kind === 'folder') await this.repo.lockFolderTree(trx);
      const current = await this.repo.byId<{ name: string }>(kind, id, trx);
      if (!current || !(await this.repo.delete(kind, id, trx))) throw organizerNotFound(kind);
      await this.audit(kind, 'deleted', actor, ip, id, { name: current.name }, trx);
    });
  }
}
