import type { Knex } from 'knex';
import type { ServedFile } from '../media/media.api.js';
import type { ManifestContent } from './manifest-schema.js';
import { claimsOf, type ManifestLists, type ManifestSections } from './manifest-sections.js';
import type { Claim } from './playback/playback-resolver.js';
import { ScreensChanged } from './screens-changed.js';
import type { PlayerBaseDeps } from './player-base-deps.js';

/**
 * What one source puts in a screen's manifest: any of the manifest's sections (registered by the
 * modules that own them, see `ManifestSectionRegistry`), and the files they name (listed in
 * `assets`: players download and verify those, and may fetch only them). `playlist` is what the
 * source plays whenever it holds (an assignment); `playlists` are those it may switch to at a time
 * it states (a schedule's, named by its `schedules`; a takeover's, named by its `takeover`).
 */
export type SourceContent = Partial<ManifestLists & ManifestSections> & {
  files: ServedFile[];
  /**
   * Rewrites the assembled manifest of each screen this content reaches, for what depends on the
   * whole of it (a video wall swaps each video for the screen's panel of it). Applied in rank order.
   */
  adjust?: (content: ManifestContent, memo: BuildMemo) => Promise<ManifestContent>;
};

/**
 * One way a screen comes to play something: its direct playlist assignment, a group's, a schedule,
 * a quick presentation, a takeover, a screencast. Ranks in use (higher wins): direct assignment 100.
 */
export interface ContentSource {
  /** Unique, `<module>.<what>`: `playlists.assignment`. */
  name: string;
  rank: number;
  /** The module or plugin providing it: asked only while that plugin is installed. */
  plugin: string;
  /**
   * For each of these screens it has content for, a key naming that content; screens with equal
   * keys get the same content, built once. Screens it has nothing for are left out. `memo` is the
   * build pass's (see `content`): what another source reads for the same screens, it may share.
   */
  keysFor(screenIds: string[], memo: BuildMemo): Promise<Map<string, string>>;
  /**
   * The content a key names, or undefined when it has gone meanwhile (the screen then gets nothing
   * from this source). `memo` is shared by every source for the rest of the build pass.
   */
  content(key: string, memo: BuildMemo): Promise<SourceContent | undefined>;
}

/**
 * Shared by the sources during one build pass (a refresh of many screens, one manifest): what one
 * source or key computes, another may reuse (a playlist named by a group and by five schedules is
 * read once). Lives only as long as the pass, so it is never stale.
 */
export class BuildMemo {
  private readonly values = new Map<string, Promise<unknown>>();
  private readonly pending = new Map<string, { keys: string[]; loaded: Promise<Map<string, unknown>> }>();

  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let value = this.values.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      this.values.set(key, value);
    }
    return value;
  }

  /**
   * `once`, for things loaded many at a time: the keys of `kind` asked for during one turn of the
   * event loop (by every source building at once) are loaded by one `loadMany` call, so a playlist
   * named by a group and three schedules costs one set of queries, not four. Undefined for a key
   * `loadMany` leaves out.
   */
  batched<T>(kind: string, key: string, loadMany: (keys: string[]) => Promise<Map<string, T>>): Promise<T | undefined> {
    return this.once(`${kind}:${key}`, async () => {
      let batch = this.pending.get(kind);
      if (!batch) {
        const keys: string[] = [];
        const loaded = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          this.pending.delete(kind);
          return loadMany(keys);
        });
        batch = { keys, loaded };
        this.pending.set(kind, batch);
      }
      batch.keys.push(key);
      return (await batch.loaded).get(key) as T | undefined;
    });
  }
}

/** A screen's sources, highest rank first, each with its key. */
export type Resolved = { source: ContentSource; key: string }[];

type Deps = Pick<PlayerBaseDeps, 'logger' | 'hub' | 'pluginInstallations' | 'manifestSections'>;

/**
 * What a screen plays is decided here (exported as `contentSources`): modules register ranked
 * sources and call `changed` after their changes commit. Precedence, in one place: sources are
 * taken highest rank first, and each manifest section merges what they give by its own rule
 * (`assembleManifestContent`); what plays is decided from the claims of those sections.
 */
export class ContentSources {
  private readonly sources: ContentSource[] = [];
  readonly changes: ScreensChanged;

  constructor(private readonly d: Deps) {
    this.changes = new ScreensChanged(d, 'content-sources');
  }

  register(source: ContentSource): void {
    if (this.sources.some((s) => s.name === source.name)) throw new Error(`content source ${source.name} is registered twice`);
    this.sources.push(source);
    this.sources.sort((a, b) => b.rank - a.rank || a.name.localeCompare(b.name));
  }

  /**
   * Every screen whose content a change may affect. The rule: call it inside the change's
   * transaction and pass `trx`, so the rebuild and the players' `manifest.changed` are carried by
   * the commit itself (a process killed right after it loses none; a rollback sends nothing).
   * Without `trx`, only from a listener of a committed event (a medium's new files), which is
   * itself carried by its change's commit.
   */
  changed(screenIds: string[], trx?: Knex.Transaction): Promise<void> {
    return this.changes.notify(screenIds, trx);
  }

  /** Each screen's sources with content for it, highest rank first; `memo` is the build pass's. */
  async resolve(screenIds: string[], memo: BuildMemo): Promise<Map<string, Resolved>> {
    const result = new Map<string, Resolved>(screenIds.map((id) => [id, []]));
    // Asked all at once; gathered in rank order.
    const keysOf = await Promise.all(
      this.sources.map(async (source) =>
        (await this.d.pluginInstallations.isInstalled(source.plugin)) ? source.keysFor(screenIds, memo) : new Map<string, string>(),
      ),
    );
    this.sources.forEach((source, i) => {
      for (const [screenId, key] of keysOf[i]!) result.get(screenId)?.push({ source, key });
    });
    return result;
  }

  /**
   * What may decide the screen's playback around `at`, from the very content its manifest carries:
   * pass them to `decide` (with a proposed claim added, for a preview).
   */
  async claims(screenId: string, at: number): Promise<Claim[]> {
    const memo = new BuildMemo();
    const resolved = (await this.resolve([screenId], memo)).get(screenId) ?? [];
    const contents = await Promise.all(resolved.map(async ({ source, key }) => ({ source, content: await source.content(key, memo) })));
    const sections = this.d.manifestSections.all();
    return contents.flatMap(({ source, content }) => (content ? claimsOf(sections, source, content, at) : []));
  }
}

/**
 * Content as a source that switches to it at times it states gives it (a takeover, a quick
 * presentation): its playlist is one the player switches to then (`playlists`), never the screen's
 * fallback; every list section (a layout's `layouts`, …) comes as it is, with the files.
 */
export function switchedTo(content: SourceContent): SourceContent {
  const { playlist, adjust: _, ...sections } = content;
  const lists = Object.fromEntries(Object.entries(sections).filter(([, value]) => Array.isArray(value)));
  return { ...lists, playlists: [...(playlist ? [playlist] : []), ...(content.playlists ?? [])], files: content.files } as SourceContent;
}

/** Names a screen's resolution: screens with equal names get equal content. */
export const resolutionKey = (resolved: Resolved) => resolved.map((r) => `${r.source.name}:${r.key}`).join('|');
