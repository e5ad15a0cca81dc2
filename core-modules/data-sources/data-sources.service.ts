import type { LibrarySort } from '../../kernel/http/wire.js';
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import type { ConsolePrincipal, IntegrationPrincipal } from '../../kernel/auth/principal.js';
import { AppError, conflict, forbidden, invalidInput, notFound } from '../../kernel/errors.js';
import { inputValidator } from '../../kernel/http/validation.js';
import { type DataSourceDetail, dataSourceDetail } from './data-source-detail.js';
import { availableCounts, type DataSourceView, dataSourceView, diagnosticsView, outputsView, recordCount } from './data-source-view.js';
import { ALLOW_HTTP_KEY } from './data-sources-settings.js';
import { MAX_UPLOAD_BYTES } from './providers/structured.js';
import { onDay } from './providers/date-selection.js';
import type { DataDocument } from './providers/document.js';
import { SourceParseError } from './providers/feeds.js';
import { MAX_ROWS, type ManualTable, manualProvider, tableProblem } from './providers/manual.js';
import { type DataSourceProvider, type SourceCaller, SourceFailure, type SourceOperation } from './providers/provider.js';
import { nextDue } from './source-refresh.js';
import type { OutputRow, SourceRow } from './data-sources.models.js';
import type { SourceRefreshDeps } from './source-refresh-deps.js';

type Deps = Pick<
  SourceRefreshDeps,
  'db' | 'auditLog' | 'jobs' | 'settingsService' | 'dataSourcesRepository' | 'dataSourceProviders' | 'dataSourceUsage' | 'sourceRefresher'
>;

export const REFRESH_SOURCE_JOB = 'data-sources.refresh-source';

export const dataSourceNotFound = () => notFound('not_found', 'No such data source.');

export interface SourceInput {
  provider: string;
  name: string;
  description?: string;
  configuration: Record<string, unknown>;
}

const MAX_NAME = 180;

/** Data sources: feeds and tables screens show, each refreshed on its own interval. */
export class DataSourcesService {
  private readonly validators = new Map<string, (value: unknown) => void>();

  constructor(private readonly d: Deps) {}

  private get repo() {
    return this.d.dataSourcesRepository;
  }

  /** The sources the caller may see, a page at a time. */
  async page(p: ConsolePrincipal, q: { page: number; pageSize: number; provider?: string; search?: string; sort?: LibrarySort }) {
    const { rows, total } = await this.repo.page({ ...q, hidden: await this.hiddenFrom(p, q.provider) });
    const outputs = new Map((await this.repo.outputsOf(rows.map((r) => r.id))).map((o) => [o.source_id, o]));
    return { items: rows.map((r) => this.view(r, outputs.get(r.id))), total, page: q.page, pageSize: q.pageSize };
  }

  async get(p: ConsolePrincipal, id: string): Promise<DataSourceDetail> {
    return this.viewOf(await this.authorized(p, id, 'view'));
  }

  /** The source as its page shows it: with its diagnostics and the fields its output offers. */
  private async viewOf(source: SourceRow): Promise<DataSourceDetail> {
    const output = await this.repo.output(source.id);
    return dataSourceDetail(this.view(source, output), this.diagnosticsOf(source, output), output?.document);
  }

  private view(s: SourceRow, o: OutputRow | undefined): DataSourceView {
    const provider = this.d.dataSourceProviders.get(s.provider);
    return dataSourceView(s, o, provider?.shown?.(s.configuration) ?? s.configuration);
  }

  async findMany(ids: string[]): Promise<DataSourceView[]> {
    const [sources, outputs] = await Promise.all([this.repo.byIds(ids), this.repo.outputsOf(ids)]);
    const outputOf = new Map(outputs.map((o) => [o.source_id, o]));
    return sources.map((s) => this.view(s, outputOf.get(s.id)));
  }

  /** `within` (for a provider another module manages) adds that module's rows in the same transaction. */
  async create(
    actor: ConsolePrincipal,
    input: SourceInput,
    ip: string,
    within?: (trx: Knex.Transaction, sourceId: string) => Promise<void>,
  ): Promise<DataSourceDetail> {
    const { provider, configuration } = await this.checked(input.provider, input.configuration, Boolean(within));
    const row = await this.d.db.transaction(async (trx) => {
      const created = await this.repo.insert(
        { name: input.name, description: input.description ?? '', provider: provider.name, configuration, created_by: actor.userId },
        nextDue(provider.refreshSeconds(configuration), Date.now(), 0),
        trx,
      );
      await within?.(trx, created.id);
      await this.audit('created', actor, ip, created, trx);
      return created;
    });
    await this.refreshSoon(row.id);
    return this.viewOf(row);
  }

  async update(
    actor: ConsolePrincipal,
    id: string,
    input: Partial<Omit<SourceInput, 'provider'>> & { provider?: string },
    ip: string,
    managed = false,
  ): Promise<DataSourceDetail> {
    const source = await this.authorized(actor, id, 'edit');
    if (!managed) this.assertUnmanaged(source.provider);
    if (input.provider !== undefined && input.provider !== source.provider) {
      throw invalidInput('validation_failed', 'A data source keeps its provider; create a new one instead.', 'body/provider');
    }
    const provider = this.d.dataSourceProviders.get(source.provider);
    const edited = input.configuration && (provider?.kept?.(input.configuration, source.configuration) ?? input.configuration);
    const checked = edited ? await this.checked(source.provider, edited, managed) : undefined;
    await this.d.db.transaction(async (trx) => {
      if (!(await this.repo.lock(id, trx))) throw dataSourceNotFound();
      await this.repo.update(
        id,
        {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(checked ? { configuration: checked.configuration } : {}),
        },
        // A new configuration is read at once.
        checked ? new Date() : undefined,
        trx,
      );
      await this.audit('updated', actor, ip, source, trx);
      // The manifest entry carries the name and configuration version (a new configuration is told when read).
      if (!checked) await this.d.sourceRefresher.tell([id], trx);
    });
    if (checked) await this.refreshSoon(id);
    return this.viewOf(await this.existing(id));
  }

  /** Deletes a source nothing uses; one another module keeps (a form) goes with all it holds, for those its provider lets delete it. */
  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.authorized(actor, id, 'delete');
    await this.d.db.transaction(async (trx) => {
      const source = await this.repo.lock(id, trx);
      if (!source) throw dataSourceNotFound();
      const uses = await this.d.dataSourceUsage.usesOf(id, trx);
      if (uses.length) {
        throw conflict('resource_in_use', `This data source is in use by ${uses.map((u) => `${u.kind} “${u.name}”`).join(', ')}.`, { uses });
      }
      await this.repo.delete(id, trx);
      await this.audit('deleted', actor, ip, source, trx);
      // Screens showing it lose its entry.
      await this.d.sourceRefresher.tell([id], trx);
    });
  }

  /** Deletes a source its provider's module made (that module removed what showed it), in its transaction. */
  async removeManaged(id: string, trx: Knex.Transaction): Promise<void> {
    const source = await this.repo.lock(id, trx);
    if (!source) return;
    if (!this.d.dataSourceProviders.get(source.provider)?.managedBy) throw new Error(`data source ${id} is not a managed one`);
    await this.repo.delete(id, trx);
    await this.d.sourceRefresher.tell([id], trx);
  }

  async duplicate(actor: ConsolePrincipal, id: string, ip: string): Promise<DataSourceDetail> {
    const source = await this.authorized(actor, id, 'read');
    this.assertUnmanaged(source.provider);
    const name = `${source.name} (copy)`.slice(0, MAX_NAME);
    return this.create(actor, { provider: source.provider, name, description: source.description, configuration: source.configuration }, ip);
  }

  async diagnostics(p: ConsolePrincipal, id: string) {
    const source = await this.authorized(p, id, 'view');
    return this.diagnosticsOf(source, await this.repo.output(id));
  }

  private diagnosticsOf(source: SourceRow, output: OutputRow | undefined) {
    const provider = this.d.dataSourceProviders.get(source.provider);
    const fetches = Boolean(provider?.urls?.(source.configuration).length);
    return diagnosticsView(source, output, fetches, provider?.refreshSeconds(source.configuration) ?? null);
  }

  async outputs(p: ConsolePrincipal, id: string) {
    return this.outputsOf(await this.authorized(p, id, 'read'));
  }

  /** Refreshes now and answers the outputs (the refresh's failure, if any, is in diagnostics). */
  async rebuild(p: ConsolePrincipal, id: string) {
    const source = await this.authorized(p, id, 'edit');
    await this.d.sourceRefresher.refresh(source);
    return this.outputsOf(source);
  }

  private async outputsOf(source: SourceRow) {
    const [output, uses] = await Promise.all([this.repo.output(source.id), this.d.db.transaction((trx) => this.d.dataSourceUsage.usesOf(source.id, trx))]);
    return outputsView(source, output, uses);
  }

  /** What a configuration would give screens (on `previewDate`, where it selects a day), stored nowhere; 422 when it cannot be read. */
  async preview(providerName: string, raw: Record<string, unknown>, previewDate?: string) {
    const { provider, configuration } = await this.checked(this.providerNamed(providerName).name, raw);
    let produced: DataDocument;
    try {
      produced = await this.d.sourceRefresher.produce(provider, configuration);
    } catch (err) {
      throw unreadable(err);
    }
    const document = onDay(produced, new Date(), previewDate);
    return {
      provider: provider.name,
      recordCount: recordCount(document),
      configuration: { ...(provider.shown?.(configuration) ?? configuration), ...provider.playerConfiguration?.(configuration, document, false) },
      diagnostics: {
        parseStatus: 'success' as const,
        httpResultCategory: provider.urls?.(configuration).length ? 'success' : null,
        ...availableCounts(provider.name, document),
      },
      document,
    };
  }

  /** The fields a source's data holds, before there is a mapping (rss, atom, json, csv). */
  async inspect(providerName: string, raw: Record<string, unknown>) {
    const provider = this.providerNamed(providerName);
    if (!INSPECTABLE.has(provider.name)) throw notFound('data_source_provider_not_found', `A ${provider.name} source has no fields to detect.`);
    this.inspectValidator({ configuration: raw });
    const configuration = raw as { url?: string; uploadedContent?: string; delimiter?: string; mapping?: { rootList?: string } };
    const uploaded = provider.name === 'csv' ? configuration.uploadedContent : undefined;
    if (!uploaded) {
      const problem = configuration.url ? await this.urlProblem(configuration.url) : 'There is no url to read.';
      if (problem) throw invalidInput('validation_failed', problem, 'body/configuration/url');
    }
    try {
      const body = uploaded ?? (await this.d.sourceRefresher.read(configuration.url!, INSPECT_ACCEPT));
      return await this.d.sourceRefresher.inspect(provider.name, body, { rootList: configuration.mapping?.rootList, delimiter: configuration.delimiter });
    } catch (err) {
      throw unreadable(err instanceof SourceParseError ? new SourceFailure('parse_failed', err.message) : err);
    }
  }

  /** A saved source's preview from its whole stored configuration (an uploaded file's bytes too, which reads never show). */
  async previewSaved(p: ConsolePrincipal, id: string, previewDate?: string) {
    const source = await this.authorized(p, id, 'read');
    return this.preview(source.provider, source.configuration, previewDate);
  }

  async inspectSaved(p: ConsolePrincipal, id: string) {
    const source = await this.authorized(p, id, 'read');
    return this.inspect(source.provider, source.configuration);
  }

  private providerNamed(name: string): DataSourceProvider {
    const provider = this.d.dataSourceProviders.get(name);
    if (!provider) throw notFound('data_source_provider_not_found', `There is no data source provider ${name}.`);
    return provider;
  }

  private readonly inspectValidator = inputValidator(
    'body',
    Type.Object({
      configuration: Type.Object(
        {
          url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
          uploadedContent: Type.Optional(Type.String({ maxLength: MAX_UPLOAD_BYTES })),
          delimiter: Type.Optional(Type.String({ maxLength: 1 })),
          mapping: Type.Optional(Type.Object({ rootList: Type.Optional(Type.String({ maxLength: 240 })) }, { additionalProperties: true })),
        },
        { additionalProperties: true },
      ),
    }),
  );

  /**
   * The source, if the caller may do `operation` on it. Every operation on a saved source comes
   * through here: a token limited to some sources reaches only those, and the source's provider
   * says who may (404 for a source it hides from the caller, 403 for one they see but may not do
   * this on).
   */
  private async authorized(caller: SourceCaller, id: string, operation: SourceOperation): Promise<SourceRow> {
    const tokenSources = caller.kind === 'integration' ? (caller.scope?.dataSourceIds as string[] | undefined) : undefined;
    if (tokenSources?.length && !tokenSources.includes(id)) throw forbidden('insufficient_scope', 'This token may not write to this data source.');
    const source = await this.existing(id);
    const provider = this.d.dataSourceProviders.get(source.provider);
    if (!provider?.permissions) return source;
    const allowed = (await provider.permissions(caller, [id])).get(id);
    if (!allowed?.has('view')) throw dataSourceNotFound();
    if (!allowed.has(operation)) throw forbidden('insufficient_access', 'You may not do this on this data source.');
    return source;
  }

  /** The sources the caller may not see (their providers hide them), of `providerName` where given. */
  private async hiddenFrom(caller: ConsolePrincipal, providerName?: string): Promise<string[]> {
    const hidden: string[] = [];
    for (const provider of this.d.dataSourceProviders.values()) {
      if (!provider.permissions || (providerName && providerName !== provider.name)) continue;
      const ids = await this.repo.idsOf(provider.name);
      const allowed = await provider.permissions(caller, ids);
      hidden.push(...ids.filter((id) => !allowed.get(id)?.has('view')));
    }
    return hidden;
  }

  /** The source, whoever asks: for the module's own work, never a caller's. */
  private async existing(id: string): Promise<SourceRow> {
    const source = await this.repo.byId(id);
    if (!source) throw dataSourceNotFound();
    return source;
  }

  /** Refuses a generic edit of a source another module keeps (a form). */
  private assertUnmanaged(name: string): void {
    const owner = this.d.dataSourceProviders.get(name)?.managedBy;
    if (owner) throw invalidInput('validation_failed', `A ${name} source is made and edited through the ${owner} routes.`, 'body/provider');
  }

  /** Produces a source's output now (its module changed what it holds). */
  async refreshNow(id: string): Promise<void> {
    await this.d.sourceRefresher.refresh(await this.existing(id));
  }

  /** The provider and the configuration with its defaults filled in; 422 naming what is wrong. */
  private async checked(
    name: string,
    raw: Record<string, unknown>,
    managed = false,
  ): Promise<{ provider: DataSourceProvider; configuration: Record<string, unknown> }> {
    const provider = this.d.dataSourceProviders.get(name);
    if (!provider) throw invalidInput('validation_failed', `Unknown provider ${name}.`, 'body/provider');
    if (!managed) this.assertUnmanaged(name);
    let validate = this.validators.get(name);
    if (!validate) {
      validate = inputValidator('body', Type.Object({ configuration: provider.configuration }));
      this.validators.set(name, validate);
    }
    const configuration = structuredClone(raw);
    validate({ configuration });
    let problem = provider.problem?.(configuration);
    for (const url of provider.urls?.(configuration) ?? []) problem ??= await this.urlProblem(url);
    if (problem) throw invalidInput('validation_failed', problem, 'body/configuration');
    return { provider, configuration: provider.complete?.(configuration) ?? configuration };
  }

  private async urlProblem(url: unknown): Promise<string | undefined> {
    if (typeof url !== 'string') return undefined;
    if (!URL.canParse(url)) return 'The address is not a URL.';
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return 'The address may not carry a user name or password.';
    if (parsed.protocol === 'https:') return undefined;
    if (parsed.protocol === 'http:' && (await this.d.settingsService.get<boolean>(ALLOW_HTTP_KEY))) return undefined;
    return `The address must use https${parsed.protocol === 'http:' ? ` (an administrator can allow http with ${ALLOW_HTTP_KEY})` : ''}.`;
  }

  /**
   * Reads a new or changed source: a source that fetches, by a job (the request does not wait on a
   * remote server); one that does not (a table), at once, so the write is what screens get next.
   */
  private async refreshSoon(id: string): Promise<void> {
    const source = await this.existing(id);
    if (this.d.dataSourceProviders.get(source.provider)?.refreshSeconds(source.configuration) === undefined) await this.d.sourceRefresher.refresh(source);
    else await this.d.jobs.send(REFRESH_SOURCE_JOB, { sourceId: id }, { singletonKey: id });
  }

  /**
   * An integration's write: the rows of a manual table replaced, all or nothing; the columns stay as
   * people made them (a write that names another column is refused rather than changing them).
   * Answers what the reference does: `{ id, name, rowCount, updatedAt }`.
   */
  async replaceRows(principal: IntegrationPrincipal, id: string, rows: { values: Record<string, string> }[]) {
    const source = await this.authorized(principal, id, 'edit');
    if (source.provider !== 'manual') throw invalidInput('rows_invalid', 'Only a manual table can be written to.', 'body/rows');
    if (rows.length > MAX_ROWS) throw invalidInput('rows_invalid', `A manual table holds at most ${MAX_ROWS} rows.`, 'body/rows');
    const table = { ...(source.configuration as unknown as ManualTable), rows: rows.map((r) => ({ values: r.values })) };
    const problem = tableProblem(table);
    if (problem) throw invalidInput('rows_invalid', problem, 'body/rows');
    await this.d.db.transaction(async (trx) => {
      if (!(await this.repo.lock(id, trx))) throw dataSourceNotFound();
      await this.repo.update(id, { configuration: manualProvider.complete!(table) as unknown as Record<string, unknown> }, undefined, trx);
      await this.d.auditLog.record(
        {
          action: 'data_source.rows_replaced',
          actor: principal,
          resourceType: 'data_source',
          resourceId: id,
          metadata: { name: source.name, rows: rows.length },
        },
        trx,
      );
    });
    await this.refreshSoon(id);
    const saved = await this.existing(id);
    return { id, name: saved.name, rowCount: rows.length, updatedAt: saved.updated_at.toISOString() };
  }

  private audit(what: string, actor: ConsolePrincipal, ip: string, source: SourceRow, trx: Knex.Transaction) {
    return this.d.auditLog.record(
      {
        action: `data_source.${what}`,
        actor,
        ip,
        resourceType: 'data_source',
        resourceId: source.id,
        metadata: { name: source.name, provider: source.provider },
      },
      trx,
    );
  }
}

/** Providers whose data is read from somewhere and has fields to detect. */
const INSPECTABLE = new Set(['rss', 'atom', 'json', 'csv']);

const INSPECT_ACCEPT = 'application/rss+xml, application/atom+xml, application/json, text/csv, application/xml;q=0.9, text/plain;q=0.8';

/** A preview or inspection that could not read the source: what the refresh would have recorded. */
function unreadable(err: unknown): Error {
  if (!(err instanceof SourceFailure)) return err as Error;
  return new AppError('validation', 'validation_failed', err.message, { reason: err.code });
}
