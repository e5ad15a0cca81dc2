import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../../kernel/auth/principal.js';
import { conflict, notFound, validationFailed, type ValidationIssue } from '../../../../kernel/errors.js';
import type { LibraryAssetView } from '../library-asset-view.js';
import type { DiagnosticsReport } from './website-diagnostics.js';
import { normalizeUrl, websiteUrlProblem } from './website-url.js';
import type { WebsiteFields, WebsiteRow } from './websites.models.js';
import type { WebsitesBaseDeps } from './websites-base-deps.js';

export const MAX_WEBSITES = 500;

type Deps = Pick<WebsitesBaseDeps, 'db' | 'auditLog' | 'assetsRepository' | 'websitesRepository' | 'assetViewBuilder' | 'websiteDiagnostics' | 'mediaEvents'>;

/** The API's website fields (camelCase), all optional: a PATCH sends only what changes. */
export interface WebsiteInput {
  name?: string;
  description?: string;
  url?: string;
  displayUrl?: string | null;
  allowedHosts?: string[];
  javascriptEnabled?: boolean;
  domStorageEnabled?: boolean;
  cookiePolicy?: WebsiteRow['cookie_policy'];
  reloadPolicy?: WebsiteRow['reload_policy'];
  refreshIntervalSeconds?: number | null;
  loadTimeoutSeconds?: number;
  zoomPercent?: number;
  scrollX?: number;
  scrollY?: number;
  customUserAgent?: string | null;
  backgroundColor?: string | null;
  failureBehavior?: WebsiteRow['failure_behavior'];
  fallbackImageAssetId?: string | null;
}

const DEFAULTS: WebsiteFields = {
  url: '',
  display_url: null,
  allowed_hosts: [],
  javascript_enabled: true,
  dom_storage_enabled: true,
  cookie_policy: 'first_party',
  reload_policy: 'load_once',
  refresh_interval_seconds: null,
  load_timeout_seconds: 20,
  zoom_percent: 100,
  scroll_x: 0,
  scroll_y: 0,
  custom_user_agent: null,
  background_color: null,
  failure_behavior: 'placeholder',
  fallback_image_asset_id: null,
};

const COLUMNS: Record<keyof Omit<WebsiteInput, 'name' | 'description'>, keyof WebsiteFields> = {
  url: 'url',
  displayUrl: 'display_url',
  allowedHosts: 'allowed_hosts',
  javascriptEnabled: 'javascript_enabled',
  domStorageEnabled: 'dom_storage_enabled',
  cookiePolicy: 'cookie_policy',
  reloadPolicy: 'reload_policy',
  refreshIntervalSeconds: 'refresh_interval_seconds',
  loadTimeoutSeconds: 'load_timeout_seconds',
  zoomPercent: 'zoom_percent',
  scrollX: 'scroll_x',
  scrollY: 'scroll_y',
  customUserAgent: 'custom_user_agent',
  backgroundColor: 'background_color',
  failureBehavior: 'failure_behavior',
  fallbackImageAssetId: 'fallback_image_asset_id',
};

function assertName(name: string) {
  if (!name.trim()) throw validationFailed('The name cannot be blank.', [{ field: 'body/name', message: 'must not be blank' }]);
}

const websiteNotFound = () => notFound('not_found', 'No such website asset.');

/** `base` with the fields `input` sends; a URL is stored in its parsed form. */
function merge(base: WebsiteFields, input: WebsiteInput): WebsiteFields {
  const fields = { ...base } as Record<string, unknown>;
  for (const [key, column] of Object.entries(COLUMNS)) {
    const value = input[key as keyof WebsiteInput];
    if (value !== undefined) fields[column] = value;
  }
  const merged = fields as unknown as WebsiteFields;
  // Read back empty when none is set; sent back empty, it stays none.
  for (const column of ['display_url', 'custom_user_agent', 'background_color'] as const) if (merged[column] === '') merged[column] = null;
  merged.allowed_hosts = [...new Set(merged.allowed_hosts.map((h) => h.toLowerCase()))];
  if (merged.background_color) merged.background_color = merged.background_color.toLowerCase();
  // An interval only means something with interval reloads; keeping a stale one would mislead.
  if (merged.reload_policy !== 'interval') merged.refresh_interval_seconds = null;
  return merged;
}

/** Website assets: a URL and how screens show it. They are ready as soon as they exist. */
export class WebsitesService {
  constructor(private readonly d: Deps) {}

  async create(actor: ConsolePrincipal, input: WebsiteInput & { name: string; url: string }, ip: string): Promise<LibraryAssetView> {
    assertName(input.name);
    const fields = merge(DEFAULTS, input);
    const row = await this.d.db.transaction(async (trx) => {
      await this.validate(fields, trx);
      if ((await this.d.websitesRepository.lockAndCount(trx)) >= MAX_WEBSITES) {
        throw conflict('website_limit_reached', `The library holds at most ${MAX_WEBSITES} websites; delete one first.`);
      }
      const asset = await this.d.assetsRepository.insert(
        { name: input.name.trim(), description: input.description ?? '', type: 'website', processing_status: 'ready', created_by: actor.userId },
        trx,
      );
      await this.d.websitesRepository.insert({ asset_id: asset.id, ...fields }, trx);
      await this.d.auditLog.record(
        { action: 'media.website_created', actor, ip, resourceType: 'asset', resourceId: asset.id, metadata: { name: asset.name, url: fields.url } },
        trx,
      );
      return asset;
    });
    return this.d.assetViewBuilder.one(row);
  }

  async update(actor: ConsolePrincipal, assetId: string, input: WebsiteInput, ip: string): Promise<LibraryAssetView> {
    if (input.name !== undefined) assertName(input.name);
    const row = await this.d.db.transaction(async (trx) => {
      const asset = await this.d.assetsRepository.lock(assetId, trx);
      const current = asset?.type === 'website' && asset.processing_status !== 'deleting' ? await this.d.websitesRepository.byAssetId(assetId, trx) : undefined;
      if (!current) throw websiteNotFound();
      const { asset_id: _, ...base } = current;
      const fields = merge(base, input);
      await this.validate(fields, trx);
      await this.d.websitesRepository.update(assetId, fields, trx);
      const updated = await this.d.assetsRepository.update(
        assetId,
        { ...(input.name === undefined ? {} : { name: input.name.trim() }), ...(input.description === undefined ? {} : { description: input.description }) },
        trx,
      );
      await this.d.auditLog.record(
        { action: 'media.website_updated', actor, ip, resourceType: 'asset', resourceId: assetId, metadata: { fields: Object.keys(input) } },
        trx,
      );
      // Screens showing it get the new page settings (its `websites[]` entry) without waiting.
      await this.d.mediaEvents.emit([{ assetId }], trx);
      return updated!;
    });
    return this.d.assetViewBuilder.one(row);
  }

  async diagnose(assetId: string): Promise<DiagnosticsReport> {
    const asset = await this.d.assetsRepository.byId(assetId);
    const website = asset?.type === 'website' && asset.processing_status !== 'deleting' ? await this.d.websitesRepository.byAssetId(assetId) : undefined;
    if (!website) throw websiteNotFound();
    return this.d.websiteDiagnostics.check(website.url);
  }

  /** Rules across fields, checked on the merged result so a PATCH cannot leave a broken website. */
  private async validate(fields: WebsiteFields, trx: Knex.Transaction): Promise<void> {
    const issues: ValidationIssue[] = [];
    const urlProblem = websiteUrlProblem(fields.url);
    if (urlProblem) issues.push({ field: 'body/url', message: urlProblem });
    else fields.url = normalizeUrl(fields.url);
    const displayProblem = fields.display_url === null ? undefined : websiteUrlProblem(fields.display_url);
    if (displayProblem) issues.push({ field: 'body/displayUrl', message: displayProblem });
    if (fields.reload_policy === 'interval' && fields.refresh_interval_seconds === null) {
      issues.push({ field: 'body/refreshIntervalSeconds', message: 'is required when reloadPolicy is interval' });
    }
    if (fields.failure_behavior === 'fallback_image' && !fields.fallback_image_asset_id) {
      issues.push({ field: 'body/fallbackImageAssetId', message: 'is required when failureBehavior is fallback_image' });
    }
    if (fields.fallback_image_asset_id) {
      // Locked so the image cannot be deleted while this website starts to depend on it.
      const image = await this.d.assetsRepository.lock(fields.fallback_image_asset_id, trx);
      if (image?.type !== 'image' || image.processing_status !== 'ready' || image.archived_at) {
        issues.push({ field: 'body/fallbackImageAssetId', message: 'must be an image asset that is ready and not archived' });
      }
    }
    if (issues.length) throw validationFailed('The website settings are invalid.', issues);
  }
}
