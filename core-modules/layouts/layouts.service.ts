import type { LibrarySort } from '../../kernel/http/wire.js';
import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { SubmissionView } from '../editorial/editorial.api.js';
import { dependenciesOf, emptyDocument, type LayoutDocument } from './layout-document.js';
import { layoutInvalid, layoutNotFound, revisionConflict } from './layout-errors.js';
import type { LayoutPreviews } from './layout-previews.js';
import { documentProblems } from './layout-rules.js';
import { MAX_NAME, type LayoutView, type NewLayout, type RevisionView, revisionView, summaryView } from './layout-schemas.js';
import type { LayoutsBaseDeps } from './layouts-deps.js';

type Deps = Pick<LayoutsBaseDeps, 'db' | 'layoutsRepository' | 'contentKinds' | 'auditLog' | 'editorial'> & {
  layoutPreviews: LayoutPreviews;
};

/** What a publish did: a new revision screens follow, or a submission for review. */
export type LayoutPublishOutcome = { published: RevisionView } | { submitted: SubmissionView };

const ref = (id: string) => ({ contentType: 'layout', contentId: id });

function checkedShape(document: LayoutDocument): void {
  const problems = documentProblems(document);
  if (problems.length) throw layoutInvalid(problems);
}

/** Layouts: their details and draft, revisions, copies and deletion. Publishing is LayoutPublisher's. */
export class LayoutsService {
  constructor(private readonly d: Deps) {}

  async list(q: { search?: string; sort?: LibrarySort; page: number; pageSize: number }) {
    const { rows, total } = await this.d.layoutsRepository.list({ ...q, sort: q.sort ?? 'updated', search: q.search?.trim() || undefined });
    return { items: rows.map(summaryView), total, page: q.page, pageSize: q.pageSize };
  }

  /** The layout with its draft, what the draft names and what shows the layout now. */
  async get(id: string, trx?: Knex.Transaction): Promise<LayoutView> {
    const row = await this.d.layoutsRepository.byId(id, trx);
    if (!row) throw layoutNotFound();
    const uses = trx ? [] : await this.d.contentKinds.usesOf(ref(id));
    const of = (kind: string) => uses.filter((u) => u.kind === kind).map(({ id, name }) => ({ id, name }));
    return {
      ...summaryView(row),
      draft: row.draft_document,
      ...(row.published_revision_id ? { publishedRevisionId: row.published_revision_id } : {}),
      dependencies: row.draft_dependencies,
      usage: { screens: of('screen'), schedules: of('schedule'), campaigns: of('campaign') },
    };
  }

  async create(actor: ConsolePrincipal, input: NewLayout, ip: string): Promise<LayoutView> {
    const name = input.name.trim();
    const document = emptyDocument(input.orientation, input.canvasWidth, input.canvasHeight);
    if (!name) throw layoutInvalid([{ message: 'A layout needs a name.' }]);
    checkedShape(document);
    const id = await this.d.layoutsRepository.insert({
      name,
      description: input.description?.trim() ?? '',
      orientation: input.orientation,
      canvas_width: input.canvasWidth,
      canvas_height: input.canvasHeight,
      draft_document: document,
      created_by: actor.userId,
    });
    await this.audit(actor, 'layout.created', id, ip, { name });
    return this.get(id);
  }

  async update(actor: ConsolePrincipal, id: string, input: { name?: string; description?: string }, ip: string): Promise<LayoutView> {
    const name = input.name?.trim();
    if (name === '') throw layoutInvalid([{ message: 'A layout needs a name.' }]);
    const changes = Object.fromEntries(Object.entries({ name, description: input.description?.trim() }).filter(([, v]) => v !== undefined));
    if (!(await this.d.layoutsRepository.rename(id, changes))) throw layoutNotFound();
    await this.audit(actor, 'layout.updated', id, ip, { fields: Object.keys(changes) });
    return this.get(id);
  }

  /** Replaces the draft if it is still at `expected` (else 409); its shape is checked, what it names only at publish. */
  async saveDraft(
    actor: ConsolePrincipal,
    id: string,
    expected: number,
    document: LayoutDocument,
    ip: string,
    action = 'layout.draft_saved',
  ): Promise<LayoutView> {
    checkedShape(document);
    await this.d.db.transaction(async (trx) => {
      if (await this.d.layoutsRepository.saveDraft(id, expected, document, dependenciesOf(document), trx)) return;
      throw (await this.d.layoutsRepository.byId(id, trx)) ? revisionConflict() : layoutNotFound();
    });
    // The preview showed the old draft: its columns were cleared with the save.
    await this.d.layoutPreviews.discard(id);
    await this.audit(actor, action, id, ip, { draftRevision: expected + 1 });
    return this.get(id);
  }

  /**
   * Publishes the draft at `expected` through the editorial workflow (409 `editorial_conflict` when
   * it moved on): a new revision at once, or a submission when the organization's policy asks review.
   */
  async publish(actor: ConsolePrincipal, id: string, expected: number, ip: string): Promise<LayoutPublishOutcome> {
    const outcome = await this.d.editorial.publishDraft('layout', id, expected, actor, ip);
    if (outcome.outcome === 'submitted') return { submitted: await this.d.editorial.submission(outcome.submissionId) };
    const revision = await this.d.layoutsRepository.revision(id, outcome.publication.nativeRevisionId!);
    return { published: revisionView(revision!) };
  }

  async revisions(id: string, q: { page: number; pageSize: number }) {
    if (!(await this.d.layoutsRepository.byId(id))) throw layoutNotFound();
    const { rows, total } = await this.d.layoutsRepository.revisionsOf(id, q);
    return { items: rows.map(revisionView), total, page: q.page, pageSize: q.pageSize };
  }

  /** Copies a published revision into the draft (a new draft revision); screens keep playing the published one. */
  async restore(actor: ConsolePrincipal, id: string, revisionId: string, expected: number, ip: string): Promise<LayoutView> {
    const revision = await this.d.layoutsRepository.revision(id, revisionId);
    if (!revision) throw layoutNotFound();
    return this.saveDraft(actor, id, expected, revision.document, ip, 'layout.revision_restored');
  }

  /** A copy (“<name> copy”) of the draft, unpublished and shown nowhere. */
  async duplicate(actor: ConsolePrincipal, id: string, ip: string): Promise<LayoutView> {
    const source = await this.d.layoutsRepository.byId(id);
    if (!source) throw layoutNotFound();
    const copyId = await this.d.db.transaction(async (trx) => {
      const created = await this.d.layoutsRepository.insert(
        {
          name: `${source.name} copy`.slice(0, MAX_NAME),
          description: source.description,
          orientation: source.orientation,
          canvas_width: source.canvas_width,
          canvas_height: source.canvas_height,
          draft_document: source.draft_document,
          created_by: actor.userId,
        },
        trx,
      );
      if (!(await this.d.layoutsRepository.saveDraft(created, 1, source.draft_document, dependenciesOf(source.draft_document), trx))) throw layoutNotFound();
      return created;
    });
    await this.audit(actor, 'layout.duplicated', copyId, ip, { from: id });
    return this.get(copyId);
  }

  /** Deletes a layout nothing shows (409 `layout_in_use` otherwise), with its revisions and preview. */
  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    const name = await this.d.db.transaction(async (trx) => {
      // Users of a layout hold its row shared while they write a use (contentKinds.check): locked
      // for update here, the uses read next include every committed one.
      const row = await this.d.layoutsRepository.lock(id, trx);
      if (!row) throw layoutNotFound();
      await this.d.contentKinds.assertUnused(ref(id), trx);
      // Asked before the rows go: what holds it is read from them.
      await this.d.contentKinds.changed([ref(id)], trx);
      await this.d.layoutsRepository.delete(id, trx);
      return row.name;
    });
    await this.d.layoutPreviews.discard(id);
    await this.audit(actor, 'layout.deleted', id, ip, { name });
  }

  private audit(actor: ConsolePrincipal, action: string, id: string, ip: string, metadata: Record<string, unknown>) {
    return this.d.auditLog.record({ action, actor, ip, resourceType: 'layout', resourceId: id, metadata });
  }
}
