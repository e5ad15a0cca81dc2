import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import { AppError, conflict, invalidInput } from '../../kernel/errors.js';
import { type ResourceUse, UsageRegistry } from '../../kernel/usage-registry.js';
import type { BuildMemo, ContentSources, SourceContent } from './content-sources.js';
import type { KernelDeps } from '../../kernel/kernel.js';

/** What a screen can be told to show, stored as a pair: `{contentType: 'playlist', contentId}`. */
export interface ContentRef {
  contentType: string;
  contentId: string;
}

/** Something of the kind uses it and asks, inside the deleting transaction, whether it still does. */
export type ContentUseChecker = (ref: ContentRef, trx: Knex.Transaction) => Promise<ResourceUse[]>;

/**
 * Content holding any of these (a playlist holds its items' assets and layouts; a layout's published
 * revision its placements' widgets, assets and playlists). An asset, a widget included, is the ref
 * `{contentType: 'asset', contentId}`. Registered by the owner of the holding kind.
 */
export type ContainersOf = (refs: ContentRef[], trx?: Knex.Transaction) => Promise<ContentRef[]>;

/** The screens given any of these directly (assigned, through a group, by a schedule); registered by each module storing refs. */
export type ScreensGiven = (refs: ContentRef[], trx?: Knex.Transaction) => Promise<string[]>;

/**
 * A kind of content a screen can be given (a playlist, later a layout, an asset, a widget),
 * registered by the module owning it. Assignments, groups and schedules store only a ContentRef and
 * ask the kind the rest.
 */
export interface ContentKind {
  /** `playlist`, `layout`, …: what `contentType` holds. */
  type: string;
  /** The module or plugin owning the kind: asked only while it is installed. */
  plugin: string;
  /** The 409 code a delete of content in use answers (the reference's: `playlist_conflict`, `layout_in_use`). */
  inUseCode: string;
  /**
   * Throws the kind's AppError when one of `ids` cannot be put on a screen: 404 `<type>_not_found`,
   * 422 when it exists but is not ready or published. With `trx`, holds the ones it found (a shared
   * row lock) until `trx` ends, so the owner's delete waits for the use being written.
   */
  check(ids: string[], trx?: Knex.Transaction): Promise<void>;
  /** The name of each of `ids` that exists, for views. */
  names(ids: string[]): Promise<Map<string, string>>;
  /**
   * What playing it contributes to a manifest, as a fallback would play it (for a playlist,
   * `{playlist, files}`); undefined when it is gone. Read through `memo` so a build pass reads it once.
   */
  content(id: string, memo: BuildMemo): Promise<SourceContent | undefined>;
}

type Deps = Pick<KernelDeps, 'pluginInstallations' | 'db'> & { contentSources: ContentSources };

const unsupported = (type: string) =>
  new AppError('validation', 'content_type_unsupported', `This server cannot show content of type “${type}”.`, {
    fields: [{ field: 'body/contentType', message: `unsupported: ${type}` }],
  });

/**
 * The kinds of content screens can show (exported as `contentKinds`). Owners register a kind;
 * modules storing refs (assignments, groups, schedules) check through it and register their uses;
 * the owner's delete calls `assertUnused` in its transaction, so deleting content in use is one
 * rule for every kind: 409 with the kind's `inUseCode` and the uses in `details`.
 */
export class ContentKinds {
  private readonly kinds = new Map<string, ContentKind>();
  private readonly usage = new UsageRegistry<ContentRef>();
  private readonly containers: ContainersOf[] = [];
  private readonly givers: ScreensGiven[] = [];

  constructor(private readonly d: Deps) {}

  register(kind: ContentKind): void {
    if (this.kinds.has(kind.type)) throw new Error(`content kind ${kind.type} is registered twice`);
    this.kinds.set(kind.type, kind);
  }

  /** The registered kind; 422 `content_type_unsupported` when none is. */
  kind(type: string): ContentKind {
    const kind = this.kinds.get(type);
    if (!kind) throw unsupported(type);
    return kind;
  }

  /** Whether the kind is registered and its owner installed. */
  async available(type: string): Promise<boolean> {
    const kind = this.kinds.get(type);
    return Boolean(kind && (await this.d.pluginInstallations.isInstalled(kind.plugin)));
  }

  /** Throws unless every ref can be put on a screen (see ContentKind.check); with `trx`, holds them until it ends. */
  async check(refs: ContentRef[], trx?: Knex.Transaction): Promise<void> {
    for (const [type, ids] of byType(refs)) {
      if (!(await this.available(type))) throw unsupported(type);
      await this.kind(type).check(ids, trx);
    }
  }

  /** Names by `<type>:<id>` (see `refKey`), for the refs that exist. */
  async names(refs: ContentRef[]): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    for (const [type, ids] of byType(refs)) {
      if (!(await this.available(type))) continue;
      for (const [id, name] of await this.kind(type).names(ids)) result.set(refKey({ contentType: type, contentId: id }), name);
    }
    return result;
  }

  /** What playing `ref` contributes to a manifest; undefined when it is gone or its kind is not available. */
  async content(ref: ContentRef, memo: BuildMemo): Promise<SourceContent | undefined> {
    if (!(await this.available(ref.contentType))) return undefined;
    return this.kind(ref.contentType).content(ref.contentId, memo);
  }

  /** Registered by the owner of a kind that holds other content (see ContainersOf). */
  registerContainers(containers: ContainersOf): void {
    this.containers.push(containers);
  }

  /** Registered by every module storing refs: which screens it gives them to. */
  registerScreensGiven(given: ScreensGiven): void {
    this.givers.push(given);
  }

  /** Everything holding any of `refs`, directly or through other content (the refs themselves left out). */
  async containersOf(refs: ContentRef[], trx?: Knex.Transaction): Promise<ContentRef[]> {
    const seen = new Set(refs.map(refKey));
    const found: ContentRef[] = [];
    // Breadth first, each ref asked once: a cycle (refused on write, but a race may leave one) ends.
    for (let next = refs; next.length; ) {
      const holding = (await inTurn(this.containers, (c) => c(next, trx))).flat();
      next = holding.filter((ref) => !seen.has(refKey(ref)) && seen.add(refKey(ref)));
      found.push(...next);
    }
    return found;
  }

  /** The screens whose content shows any of `refs`: given them directly, or content holding them. */
  async screensShowing(refs: ContentRef[], trx?: Knex.Transaction): Promise<string[]> {
    if (!refs.length) return [];
    const all = [...refs, ...(await this.containersOf(refs, trx))];
    return [...new Set((await inTurn(this.givers, (g) => g(all, trx))).flat())];
  }

  /**
   * These pieces of content may play differently now: every screen showing them is rebuilt. The
   * same rule as `contentSources.changed`: inside the change's transaction, passing `trx`; without,
   * only from a listener of a committed event.
   */
  async changed(refs: ContentRef[], trx?: Knex.Transaction): Promise<void> {
    await this.d.contentSources.changed(await this.screensShowing(refs, trx), trx);
  }

  /** Registered by every module storing refs: who uses a piece of content now. */
  registerUse(checker: ContentUseChecker): void {
    this.usage.register(checker);
  }

  /** Who uses a piece of content now, for a console's usage panel (a read; a delete asks `assertUnused`). */
  usesOf(ref: ContentRef): Promise<ResourceUse[]> {
    return this.d.db.transaction((trx) => this.usage.usesOf(ref, trx));
  }

  /**
   * For the owner's delete, inside its transaction and after locking the row for update (users hold
   * it shared while they write a use, see `check`): 409 with the kind's `inUseCode` while anything uses it.
   */
  async assertUnused(ref: ContentRef, trx: Knex.Transaction): Promise<void> {
    const uses = await this.usage.usesOf(ref, trx);
    if (!uses.length) return;
    const list = uses.map((u) => `${u.kind.replace(/_/g, ' ')} “${u.name}”`).join(', ');
    throw conflict(this.kind(ref.contentType).inUseCode, `This ${ref.contentType} is in use: ${list}. Remove it from them first.`, { uses });
  }
}

// One after another: the registered functions may share one transaction, whose client runs one query at a time.
async function inTurn<T, R>(items: T[], each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await each(item));
  return results;
}

function byType(refs: ContentRef[]): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const { contentType, contentId } of refs) {
    const ids = result.get(contentType) ?? [];
    if (!ids.includes(contentId)) ids.push(contentId);
    result.set(contentType, ids);
  }
  return result;
}

/** `<type>:<id>`: one string per ref, for maps and content-source keys. */
export const refKey = (ref: ContentRef) => `${ref.contentType}:${ref.contentId}`;

/** The ref a `refKey` names. */
export function parseRefKey(key: string): ContentRef {
  const at = key.indexOf(':');
  return { contentType: key.slice(0, at), contentId: key.slice(at + 1) };
}

// The reference's wire names a screen's content by one field per kind: `{playlistId}` or `{layoutId}`.
const WIRE_FIELDS = { playlist: 'playlistId', layout: 'layoutId' } as const;
type WireField = (typeof WIRE_FIELDS)[keyof typeof WIRE_FIELDS];

/** A request's content as the reference sends it: exactly one of the fields (checked by `refFromWire`). */
export const ContentChoiceSchema = {
  playlistId: Type.Optional(Type.String({ format: 'uuid', description: 'Play this playlist. Exactly one of `playlistId` and `layoutId`.' })),
  layoutId: Type.Optional(
    Type.String({ format: 'uuid', description: 'Play this layout (422 `content_type_unsupported` while no layouts module is installed).' }),
  ),
};

/** A view's content as the reference answers it: both fields, the one not chosen null. */
export const ContentViewSchema = {
  playlistId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  layoutId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
};

/**
 * The ref a request names, from the reference's `{playlistId}` or `{layoutId}`: exactly one, else 422
 * `code` (each route keeps its own, e.g. `schedule_validation_failed`).
 */
export function refFromWire(body: Partial<Record<WireField, string | null>>, code = 'validation_failed'): ContentRef {
  const given = Object.entries(WIRE_FIELDS).filter(([, field]) => body[field] != null);
  if (given.length !== 1) throw invalidInput(code, 'Give exactly one of playlistId and layoutId.', 'body/playlistId');
  const [type, field] = given[0]!;
  return { contentType: type, contentId: body[field]! };
}

/** Only the field naming the ref's content, as the reference's optional fields answer it: `{playlistId}`, `{layoutId}`, or `{}`. */
export function wireField(ref: ContentRef | null | undefined): { playlistId?: string; layoutId?: string } {
  const field = ref && WIRE_FIELDS[ref.contentType as keyof typeof WIRE_FIELDS];
  return field ? { [field]: ref.contentId } : {};
}

/** A ref as the reference's views answer it: `{playlistId, layoutId}`, null where not that kind. */
export function wireOf(ref: ContentRef | null | undefined): { playlistId: string | null; layoutId: string | null } {
  return {
    playlistId: ref?.contentType === 'playlist' ? ref.contentId : null,
    layoutId: ref?.contentType === 'layout' ? ref.contentId : null,
  };
}
