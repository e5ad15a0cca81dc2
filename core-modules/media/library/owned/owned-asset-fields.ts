import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { PageOf } from '../../../../kernel/http/wire.js';
import { LibraryAssetSchema } from '../library-asset-view.js';

/** A module owning an asset type (widgets): the field it adds to its assets' view, and how it reads it. */
export interface OwnedAssetType {
  /** The asset type it owns (`widget`). */
  type: string;
  /** The field of the asset JSON it fills (`widget`), absent on other assets. */
  field: string;
  schema: TSchema;
  /** The field's value for each of these assets (all of its type); those left out get none. */
  views(assetIds: string[]): Promise<Map<string, unknown>>;
}

/**
 * The asset types other modules own, and the asset JSON schema with their fields. Owners register
 * in their start hook; the routes answering assets read the schema when the router is built, after
 * every start hook, so it is composed once, then sealed.
 */
export class OwnedAssetFields {
  private readonly types = new Map<string, OwnedAssetType>();
  private composed: TObject | undefined;

  register(type: OwnedAssetType): void {
    if (this.composed) throw new Error(`asset type ${type.type} is registered after the asset schema was composed`);
    if (this.types.has(type.type)) throw new Error(`asset type ${type.type} is registered twice`);
    if (type.field in LibraryAssetSchema.properties || [...this.types.values()].some((t) => t.field === type.field)) {
      throw new Error(`asset field ${type.field} is taken`);
    }
    this.types.set(type.type, type);
  }

  owner(type: string): OwnedAssetType | undefined {
    return this.types.get(type);
  }

  /** The asset JSON: media's own fields and each owner's. */
  get schema(): TObject {
    this.composed ??= Type.Object({
      ...LibraryAssetSchema.properties,
      ...Object.fromEntries([...this.types.values()].map((t) => [t.field, Type.Optional(t.schema)])),
    });
    return this.composed;
  }

  /** Response schemas that read `schema` only when the router asks (route declarations come before start hooks). */
  responses() {
    const fields = this;
    let page: TSchema | undefined;
    return {
      one: (status: number) => ({
        status,
        get schema() {
          return fields.schema;
        },
      }),
      page: () => ({
        status: 200,
        get schema() {
          page ??= PageOf(fields.schema);
          return page;
        },
      }),
    };
  }

  /** Each owner's field for those of `rows` of its type. */
  async views(rows: { id: string; type: string }[]): Promise<Map<string, [string, unknown]>> {
    const result = new Map<string, [string, unknown]>();
    await Promise.all(
      [...this.types.values()].map(async (t) => {
        const ids = rows.filter((r) => r.type === t.type).map((r) => r.id);
        if (!ids.length) return;
        for (const [id, value] of await t.views(ids)) result.set(id, [t.field, value]);
      }),
    );
    return result;
  }
}

export type AssetResponses = ReturnType<OwnedAssetFields['responses']>;
