import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { forbidden, invalidInput, notFound } from '../../kernel/errors.js';
import { type DataSourceView, textDataset } from '../data-sources/data-sources.api.js';
import { capabilitiesOf } from './form-access.js';
import { type FormSchema, publishProblem, schemaProblem } from './form-schema.js';
import { defaultView, outputFields, type View, viewDataset, viewFields, viewProblem, viewWire } from './form-output.js';
import { revisionView } from './record-view.js';
import { type Capability, collapse, DEFAULT_WORKFLOW, type WorkflowInput, workflowOf, workflowProblem } from './workflow.js';
import type { DefinitionRow } from './forms.models.js';
import type { FormsBaseDeps } from './forms-base-deps.js';

type Deps = Pick<FormsBaseDeps, 'db' | 'auditLog' | 'formsRepository' | 'formViewsRepository' | 'dataSourceLibrary' | 'userDirectory' | 'consoleEvents'>;

export const formNotFound = () => notFound('not_found', 'No such form.');
export const noAccess = () => forbidden('insufficient_access', 'You may not do this on this form.');

/** A form as the routes use it: its source, definition, and what the caller may do on it. */
export interface FormContext {
  source: DataSourceView;
  definition: DefinitionRow;
  caps: Set<Capability>;
}

/** Forms: their definitions (draft and published), workflows and who may do what on each. */
export class FormsService {
  constructor(private readonly d: Deps) {}

  private get repo() {
    return this.d.formsRepository;
  }

  /**
   * The form and the caller's capabilities on it; 404 for an id that is no form or one the caller
   * may not reach (whether it exists is not told), 403 without `need`.
   */
  async context(p: ConsolePrincipal, id: string, need?: Capability): Promise<FormContext> {
    const [form] = await this.forms(p, [id]);
    if (!form?.caps.size) throw formNotFound();
    if (need && !form.caps.has(need)) throw noAccess();
    return form;
  }

  /** These forms (all, when not given), each with what the caller may do on it: in five queries, however many. */
  async forms(p: ConsolePrincipal, ids?: string[]): Promise<FormContext[]> {
    const formIds = ids ?? (await this.repo.formIds());
    const [sources, definitions, grants] = await Promise.all([
      this.d.dataSourceLibrary.findMany(formIds),
      this.repo.definitionsOf(formIds),
      this.repo.grantsFor(p.userId, formIds),
    ]);
    const sourceOf = new Map(sources.map((s) => [s.id, s]));
    return definitions.flatMap((definition) => {
      const source = sourceOf.get(definition.source_id);
      if (!source) return [];
      const caps = capabilitiesOf(p, source.createdBy, { listed: grants.listed.has(source.id), mine: grants.mine.get(source.id) });
      return [{ source, definition, caps }];
    });
  }

  async list(p: ConsolePrincipal) {
    const reachable = (await this.forms(p)).filter((f) => f.caps.size);
    const ids = reachable.map((f) => f.source.id);
    const [revisions, counts] = await Promise.all([this.repo.latestRevisions(ids), this.repo.ownCounts(p.userId)]);
    const revisionOf = new Map(revisions.map((r) => [r.source_id, r.number]));
    const items = reachable.map(({ source: s, caps, definition }) => {
      const workflow = definition.workflow;
      const initial = workflow.states.find((st) => st.initial)?.key;
      const own = counts.filter((c) => c.source_id === s.id);
      const sum = (pick: (state: string) => boolean) => own.filter((c) => pick(c.state)).reduce((n, c) => n + c.n, 0);
      const sendsBack = (state: string) => state !== initial && workflow.transitions.some((t) => t.from === state && t.requiredCapability === 'submit');
      return {
        id: s.id,
        name: s.name,
        description: s.description,
        ...(revisionOf.has(s.id) ? { publishedRevisionNumber: revisionOf.get(s.id) } : {}),
        grantedCapabilities: collapse(caps),
        submissionCounts: {
          draft: sum((st) => st === initial),
          changesRequested: sum(sendsBack),
          submitted: sum((st) => st !== initial && !sendsBack(st)),
          total: sum(() => true),
        },
      };
    });
    return { items: items.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id)) };
  }

  async create(p: ConsolePrincipal, input: { name: string; description?: string; draftSchema?: FormSchema }, ip: string) {
    const schema = input.draftSchema ?? { fields: [] };
    const problem = schemaProblem(schema);
    if (problem) throw invalidInput('validation_failed', problem, 'body/draftSchema');
    const source = await this.d.dataSourceLibrary.createManaged(
      p,
      { provider: 'form', name: input.name.trim(), description: (input.description ?? '').trim(), configuration: sourceConfiguration(1, schema) },
      ip,
      // The first revision is published with the form: people can submit at once.
      async (trx, sourceId) => {
        await this.repo.insertForm(sourceId, schema, DEFAULT_WORKFLOW, trx);
        await this.d.formViewsRepository.save(sourceId, viewFields(defaultView(schema)), trx);
      },
    );
    return this.get(p, source.id);
  }

  async get(p: ConsolePrincipal, id: string) {
    const form = await this.context(p, id);
    return this.view(form);
  }

  async updateDetails(p: ConsolePrincipal, id: string, input: { name: string; description?: string }, ip: string) {
    await this.context(p, id, 'manage');
    await this.d.dataSourceLibrary.updateManaged(
      p,
      id,
      { name: input.name.trim(), ...(input.description !== undefined ? { description: input.description.trim() } : {}) },
      ip,
    );
    return this.get(p, id);
  }

  async saveDraft(p: ConsolePrincipal, id: string, schema: FormSchema, ip: string) {
    await this.context(p, id, 'manage');
    const problem = schemaProblem(schema);
    if (problem) throw invalidInput('validation_failed', problem, 'body/schema');
    await this.d.db.transaction(async (trx) => {
      await this.repo.saveDefinition(id, { draft_schema: schema }, trx);
      await this.audit('form.draft_updated', p, ip, id, trx);
      this.d.consoleEvents.publish('form.changed', { formId: id, recordId: null }, trx);
    });
    return this.get(p, id);
  }

  /** Publishes the draft as the next revision: new records use it; records keep theirs. */
  async publish(p: ConsolePrincipal, id: string, ip: string) {
    await this.context(p, id, 'manage');
    const revision = await this.d.db.transaction(async (trx) => {
      const definition = (await this.repo.definition(id, trx, true))!;
      const current = await this.repo.latestRevision(id, trx);
      const problem = schemaProblem(definition.draft_schema) ?? publishProblem(current?.schema, definition.draft_schema);
      if (problem) throw invalidInput('validation_failed', problem, 'body');
      if (current && JSON.stringify(current.schema) === JSON.stringify(definition.draft_schema)) {
        throw invalidInput('validation_failed', 'The draft is the published form: there is nothing to publish.', 'body');
      }
      const published = await this.repo.insertRevision(id, (current?.number ?? 0) + 1, definition.draft_schema, trx);
      await this.audit('form.published', p, ip, id, trx, { revision: published.number });
      this.d.consoleEvents.publish('form.changed', { formId: id, recordId: null }, trx);
      return published;
    });
    await this.d.dataSourceLibrary.updateManaged(p, id, { configuration: sourceConfiguration(revision.number, revision.schema) }, ip);
    return revisionView(revision);
  }

  async saveWorkflow(p: ConsolePrincipal, id: string, input: WorkflowInput, ip: string) {
    await this.context(p, id, 'manage');
    const workflow = workflowOf(input);
    const problem = workflowProblem(workflow);
    if (problem) throw invalidInput('validation_failed', problem, 'body');
    await this.d.db.transaction(async (trx) => {
      const definition = (await this.repo.definition(id, trx, true))!;
      const kept = new Set(workflow.states.map((s) => s.key));
      const dropped = definition.workflow.states.map((s) => s.key).filter((k) => !kept.has(k));
      const used = await this.repo.statesInUse(id, dropped, trx);
      if (used.length) throw invalidInput('validation_failed', `Records are in ${used.join(', ')}: a state with records cannot go.`, 'body/states');
      const viewed = await this.d.formViewsRepository.statesInViews(id, dropped, trx);
      if (viewed.length) throw invalidInput('validation_failed', `Views include ${viewed.join(', ')}: a state a view shows cannot go.`, 'body/states');
      await this.repo.saveDefinition(id, { workflow }, trx);
      await this.audit('form.workflow_configured', p, ip, id, trx);
      this.d.consoleEvents.publish('form.changed', { formId: id, recordId: null }, trx);
    });
    // Which states are on air may have changed.
    await this.d.dataSourceLibrary.refresh(id);
    return this.get(p, id);
  }

  /** A view's dataset of the records on air now, as screens would get it; nothing is stored. */
  async previewView(p: ConsolePrincipal, id: string, view: View) {
    const form = await this.context(p, id, 'manage');
    const revision = await this.repo.latestRevision(id);
    if (!revision) throw invalidInput('validation_failed', 'The form has no published revision yet.', 'body');
    const problem = viewProblem(view, revision.schema, form.definition.workflow);
    if (problem) throw invalidInput('validation_failed', problem, 'body');
    const onAir = form.definition.workflow.states.filter((s) => s.eligibleForOutput).map((s) => s.key);
    return textDataset(viewDataset(view, revision.schema, await this.repo.onAir(id, onAir), new Date()));
  }

  async access(p: ConsolePrincipal, id: string) {
    const form = await this.context(p, id, 'manage');
    return { entries: await this.entries(form) };
  }

  /** Replaces what one user may do on the form (none: removes them from its list). */
  async setAccess(p: ConsolePrincipal, id: string, userId: string, capabilities: Capability[], ip: string) {
    const form = await this.context(p, id, 'manage');
    const [user] = await this.d.userDirectory.byIds([userId]);
    if (!user) throw invalidInput('validation_failed', 'There is no such user.', 'params/userId');
    if (userId === form.source.createdBy) {
      throw invalidInput('validation_failed', 'The form’s creator holds on it all that their role allows.', 'params/userId');
    }
    if (user.role === 'owner' || user.role === 'administrator') {
      throw invalidInput('validation_failed', 'Owners and administrators always manage every form.', 'params/userId');
    }
    const kept = collapse(capabilities);
    await this.d.db.transaction(async (trx) => {
      await this.repo.replaceGrant(id, userId, kept, trx);
      await this.audit('form.grants_replaced', p, ip, id, trx, { userId, capabilities: kept });
      this.d.consoleEvents.publish('form.changed', { formId: id, recordId: null }, trx);
    });
    return { entries: await this.entries(form) };
  }

  async directory(p: ConsolePrincipal, id: string, search: string, limit: number) {
    await this.context(p, id, 'manage');
    const users = await this.d.userDirectory.search(search.trim(), limit >= 1 && limit <= 100 ? limit : 50);
    return { items: users.map((u) => ({ id: u.id, name: u.name, username: u.username, role: u.role })) };
  }

  /**
   * Who may do what now (their current role bounds what they were granted): the creator, then the
   * owners and administrators (who manage every form), then each listed user.
   */
  private async entries(form: FormContext) {
    const creatorId = form.source.createdBy;
    const [grants, managers] = await Promise.all([this.repo.grantsOf(form.source.id), this.d.userDirectory.withRoles(['owner', 'administrator'])]);
    const users = new Map(
      [...(await this.d.userDirectory.byIds([...(creatorId ? [creatorId] : []), ...grants.map((g) => g.user_id)])), ...managers].map((u) => [u.id, u]),
    );
    const grantOf = new Map(grants.map((g) => [g.user_id, g.capabilities]));
    const entry = (userId: string) => {
      const u = users.get(userId);
      if (!u) return [];
      const capabilities = collapse(capabilitiesOf({ userId, role: u.role }, creatorId, { listed: true, mine: grantOf.get(userId) }));
      const isCreator = userId === creatorId;
      return [{ userId, name: u.name, username: u.username, role: u.role, capabilities, isCreator, isGlobalOwner: u.role === 'owner' }];
    };
    const implicit = new Set([creatorId, ...managers.map((u) => u.id)]);
    return [
      ...(creatorId ? entry(creatorId) : []),
      ...managers.filter((u) => u.id !== creatorId).flatMap((u) => entry(u.id)),
      ...grants
        .filter((g) => !implicit.has(g.user_id))
        .flatMap((g) => entry(g.user_id))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ];
  }

  private async view(form: FormContext) {
    const id = form.source.id;
    const [revision, counts, views] = await Promise.all([this.repo.latestRevision(id), this.repo.recordCounts(id), this.d.formViewsRepository.list(id)]);
    const viewed = new Set(views.flatMap((v) => v.included_states));
    const manager = form.caps.has('manage');
    const schema = manager ? form.definition.draft_schema : (revision?.schema ?? { fields: [] });
    return {
      id,
      name: form.source.name,
      description: form.source.description,
      ...(form.source.createdBy ? { createdBy: form.source.createdBy } : {}),
      createdAt: form.source.createdAt,
      updatedAt: form.source.updatedAt,
      draftSchema: schema,
      ...(revision ? { publishedRevision: revisionView(revision) } : {}),
      workflow: {
        states: form.definition.workflow.states.map((s, position) => ({
          ...s,
          initial: Boolean(s.initial),
          terminal: Boolean(s.terminal),
          position,
          recordCount: counts.get(s.key) ?? 0,
          removable: !counts.get(s.key) && !viewed.has(s.key),
        })),
        transitions: form.definition.workflow.transitions.map((t, position) => ({ ...t, position })),
      },
      views: views.map(viewWire),
      outputFields: revision ? outputFields(revision.schema) : [],
      grantedCapabilities: collapse(form.caps),
    };
  }

  /** Records a change to a form or its records in the audit log (as a change to its data source). */
  audit(action: string, actor: ConsolePrincipal, ip: string, id: string, trx: Knex.Transaction, metadata: Record<string, unknown> = {}) {
    return this.d.auditLog.record({ action, actor, ip, resourceType: 'data_source', resourceId: id, metadata }, trx);
  }
}

/** What the form's data source keeps: its published revision and the fields screens may get. */
const sourceConfiguration = (revision: number, schema: FormSchema) => ({ revision, fields: outputFields(schema) });
