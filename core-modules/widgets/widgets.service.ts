import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { AppError, conflict, notFound, validationFailed } from '../../kernel/errors.js';
import type { Configuration } from './definitions/configuration.js';
import type { WidgetPresentation } from './definitions/presentation.js';
import { resolveWidget, type ResolvedWidget } from './widget-rules.js';
import type { WidgetsBaseDeps } from './widgets-base-deps.js';

type Deps = Pick<WidgetsBaseDeps, 'db' | 'auditLog' | 'ownedAssets' | 'widgetsRepository' | 'widgetDefinitions' | 'dataSourceLibrary'>;

export const WIDGET_TYPE = 'widget';
export const MAX_PREVIEW_BYTES = 500 * 1024;

export interface WidgetInput {
  provider: string;
  presetId?: string | null;
  name: string;
  description?: string;
  configuration?: Configuration;
}
export type WidgetChanges = Partial<WidgetInput>;

const widgetNotFound = () => notFound('not_found', 'No such widget.');
/** 409 for a person's change to a widget another module keeps. */
export const managedWidget = (owner: string) =>
  conflict('managed_resource', `This widget is kept by the ${owner} plugin: it cannot be changed, duplicated or deleted by hand.`, { managedBy: owner });

function assertName(name: string | undefined) {
  if (name !== undefined && !name.trim()) throw validationFailed('The name cannot be blank.', [{ field: 'body/name', message: 'must not be blank' }]);
}

const IMAGE_SIGNATURES: { mimeType: string; extension: string; matches: (b: Buffer) => boolean }[] = [
  { mimeType: 'image/jpeg', extension: '.jpg', matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mimeType: 'image/png', extension: '.png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  {
    mimeType: 'image/webp',
    extension: '.webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Widgets: a widget type's configuration kept as a library asset of type `widget`. */
export class WidgetsService {
  constructor(private readonly d: Deps) {}

  private resolve(input: { provider: string; presetId?: string | null; configuration?: unknown }): Promise<ResolvedWidget> {
    return resolveWidget(this.d.widgetDefinitions, (ids) => this.d.dataSourceLibrary.facts(ids), input);
  }

  async create(actor: ConsolePrincipal, input: WidgetInput, ip: string): Promise<Record<string, unknown>> {
    assertName(input.name);
    const resolved = await this.resolve(input);
    const id = await this.d.db.transaction(async (trx) => {
      const asset = await this.d.ownedAssets.create(actor, { type: WIDGET_TYPE, name: input.name.trim(), description: input.description ?? '' }, trx);
      await this.d.widgetsRepository.insert(asset.id, fieldsOf(resolved), trx);
      await this.audit('media.widget_created', actor, ip, asset.id, { name: asset.name, provider: resolved.definition.id }, trx);
      return asset.id;
    });
    return this.d.ownedAssets.view(id);
  }

  /**
   * Makes a widget another module keeps (`owner`), in that module's transaction (the sources it
   * binds may be new in it); people see it but cannot change it. Answers its id.
   */
  async createManaged(
    actor: ConsolePrincipal,
    input: { owner: string; provider: string; name: string; description: string; configuration: Configuration },
    trx: Knex.Transaction,
  ): Promise<string> {
    const resolved = await resolveWidget(this.d.widgetDefinitions, (ids) => this.d.dataSourceLibrary.facts(ids, trx), input);
    const asset = await this.d.ownedAssets.create(actor, { type: WIDGET_TYPE, name: input.name, description: input.description }, trx);
    await this.d.widgetsRepository.insert(asset.id, { ...fieldsOf(resolved), managed_by: input.owner }, trx);
    return asset.id;
  }

  /** Deletes a widget its owner keeps, in the owner's transaction (it removed what played it first). */
  async removeManaged(id: string, trx: Knex.Transaction): Promise<void> {
    const current = await this.d.widgetsRepository.byId(id, trx);
    if (!current?.managed_by) return;
    await this.d.ownedAssets.remove(id, WIDGET_TYPE, trx);
  }

  /**
   * Changes its name, description or configuration. A configuration sent replaces the stored one
   * (the reference console sends it whole); sent alone, a new provider starts from its defaults.
   */
  async update(actor: ConsolePrincipal, id: string, changes: WidgetChanges, ip: string): Promise<Record<string, unknown>> {
    assertName(changes.name);
    await this.d.db.transaction(async (trx) => {
      const { current } = await this.locked(id, trx);
      const provider = changes.provider ?? current.provider;
      const configuration = changes.configuration ?? (provider === current.provider ? current.configuration : {});
      // A preset's configuration is laid under the given one only when it is chosen now; otherwise the widget keeps its preset's name.
      const keepPreset = changes.presetId === undefined;
      const resolved = await this.resolve({ provider, configuration, presetId: keepPreset ? null : changes.presetId });
      if (keepPreset) resolved.presetId = provider === current.provider ? current.preset_id : null;
      await this.d.widgetsRepository.update(id, fieldsOf(resolved), trx);
      await this.d.ownedAssets.update(
        id,
        {
          ...(changes.name === undefined ? {} : { name: changes.name.trim() }),
          ...(changes.description === undefined ? {} : { description: changes.description }),
        },
        trx,
      );
      await this.audit('media.widget_updated', actor, ip, id, { fields: Object.keys(changes) }, trx);
      // Screens showing it get the new configuration (and its sources) without waiting.
      await this.d.ownedAssets.changed([id], trx);
    });
    return this.d.ownedAssets.view(id);
  }

  /** A copy with the same configuration, named “… (copy)”. Its bound sources are checked again. */
  async duplicate(actor: ConsolePrincipal, id: string, ip: string): Promise<Record<string, unknown>> {
    const copyId = await this.d.db.transaction(async (trx) => {
      const { asset, current } = await this.locked(id, trx);
      const resolved = await this.resolve({ provider: current.provider, configuration: current.configuration });
      resolved.presetId = current.preset_id;
      const copy = await this.d.ownedAssets.create(
        actor,
        { type: WIDGET_TYPE, name: `${asset.name} (copy)`.slice(0, 180), description: asset.description },
        trx,
      );
      await this.d.widgetsRepository.insert(copy.id, fieldsOf(resolved), trx);
      await this.audit('media.widget_duplicated', actor, ip, copy.id, { from: id }, trx);
      return copy.id;
    });
    return this.d.ownedAssets.view(copyId);
  }

  /** What a player would draw for this configuration, checked as a save would check it; nothing is saved. */
  async compilePreview(input: { provider: string; configuration?: Configuration }): Promise<WidgetPresentation> {
    const resolved = await this.resolve(input);
    return resolved.definition.compile(resolved.configuration);
  }

  /** Stores a picture of the widget (JPEG, PNG or WebP by its bytes) as its library thumbnail. */
  async setPreviewImage(actor: ConsolePrincipal, id: string, bytes: Buffer, ip: string): Promise<void> {
    if (bytes.length > MAX_PREVIEW_BYTES) throw new AppError('payload_too_large', 'preview_too_large', 'The widget preview image exceeded 500 KB.');
    const kind = IMAGE_SIGNATURES.find((s) => s.matches(bytes));
    if (!kind) throw new AppError('unsupported_media_type', 'unsupported_media_type', 'A widget preview must be a JPEG, PNG or WebP image.');
    await this.d.db.transaction(async (trx) => {
      await this.locked(id, trx);
      await this.audit('media.widget_preview_updated', actor, ip, id, { bytes: bytes.length }, trx);
    });
    await this.d.ownedAssets.setThumbnail(id, { bytes, mimeType: kind.mimeType, extension: kind.extension });
  }

  /** The widget, locked, for a person's change: 409 for one another module keeps. */
  private async locked(id: string, trx: Knex.Transaction) {
    const asset = await this.d.ownedAssets.lock(id, WIDGET_TYPE, trx);
    const current = asset ? await this.d.widgetsRepository.byId(id, trx) : undefined;
    if (!asset || !current) throw widgetNotFound();
    if (current.managed_by) throw managedWidget(current.managed_by);
    return { asset, current };
  }

  private audit(action: string, actor: ConsolePrincipal, ip: string, id: string, metadata: Record<string, unknown>, trx: Knex.Transaction) {
    return this.d.auditLog.record({ action, actor, ip, resourceType: 'asset', resourceId: id, metadata }, trx);
  }
}

const fieldsOf = (r: ResolvedWidget) => ({
  provider: r.definition.id,
  preset_id: r.presetId,
  configuration: r.configuration,
  data_source_ids: r.dataSourceIds,
});
