import { Type, type Static } from '@sinclair/typebox';
import { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import { Uuid } from '../../kernel/http/wire.js';
import type { KernelDeps } from '../../kernel/kernel.js';

/**
 * Which screens a feature (a plugin instance, later an alert rule) applies to. Public API of the
 * screens module: plugins take `TargetFields` into their own schemas and ask the exported
 * `screenTargets` service to check and resolve targets.
 */
export const TARGET_SCOPES = ['all', 'screens', 'sync_groups', 'locations'] as const;
export type TargetScope = (typeof TARGET_SCOPES)[number];
export const MAX_TARGETS = 250;

export const TargetFields = {
  targetScope: Type.Union(
    TARGET_SCOPES.map((s) => Type.Literal(s)),
    { description: '`all` screens (targetIds empty), or the listed `screens`, `sync_groups` or `locations`.' },
  ),
  targetIds: Type.Array(Uuid, { maxItems: MAX_TARGETS, uniqueItems: true, description: `1–${MAX_TARGETS} existing ids; empty for \`all\`.` }),
};
export interface Targets {
  targetScope: TargetScope;
  targetIds: string[];
}
export const TargetsSchema = Type.Object(TargetFields);
export type TargetsInput = Static<typeof TargetsSchema>;

/** Where a screen sits, which decides the targets that reach it. */
export interface ScreenPlacement {
  screenId: string;
  locationId: string | null;
  syncGroupId: string | null;
}

/** A module that owns sync groups (none yet) plugs in how they resolve. */
export interface SyncGroupResolver {
  existing(ids: string[]): Promise<string[]>;
  screensOf(ids: string[]): Promise<string[]>;
  groupsOf(screenIds: string[]): Promise<Map<string, string>>;
}

/** Does this target set reach this screen? Pure, so a plugin can filter its instances in memory. */
export function reaches(targets: Targets, placement: ScreenPlacement): boolean {
  switch (targets.targetScope) {
    case 'all':
      return true;
    case 'screens':
      return targets.targetIds.includes(placement.screenId);
    case 'locations':
      return placement.locationId !== null && targets.targetIds.includes(placement.locationId);
    case 'sync_groups':
      return placement.syncGroupId !== null && targets.targetIds.includes(placement.syncGroupId);
  }
}

export class ScreenTargets {
  private syncGroups?: SyncGroupResolver;
  /** Told (with the screen id) after a screen moved to another location or sync group: targets reaching it may differ. */
  readonly moved: AfterCommitEvents<string>;

  constructor(private readonly d: Pick<KernelDeps, 'db' | 'logger' | 'hub'>) {
    this.moved = new AfterCommitEvents(d, 'screen-moved');
  }

  registerSyncGroups(resolver: SyncGroupResolver): void {
    this.syncGroups = resolver;
  }

  /**
   * What is wrong with a target set, as messages (empty when it is valid): `all` takes no ids, the
   * others 1–250 ids that exist.
   */
  async problems(targets: Targets): Promise<string[]> {
    const { targetScope, targetIds } = targets;
    if (targetScope === 'all') return targetIds.length ? ['targetIds must be empty when targetScope is all.'] : [];
    if (!targetIds.length) return [`targetIds needs 1–${MAX_TARGETS} ids when targetScope is ${targetScope}.`];
    if (new Set(targetIds).size !== targetIds.length) return ['targetIds must not repeat an id.'];
    const found = new Set(await this.existing(targetScope, targetIds));
    const missing = targetIds.filter((id) => !found.has(id));
    return missing.length ? [`No such ${targetScope.replace(/_/g, ' ').replace(/s$/, '')}: ${missing.slice(0, 10).join(', ')}.`] : [];
  }

  /** Every screen a target set reaches now. */
  async screensOf(targets: Targets): Promise<string[]> {
    const { targetScope, targetIds } = targets;
    switch (targetScope) {
      case 'all':
        return this.d.db('screens').pluck('id');
      case 'screens':
        return targetIds.length ? this.d.db('screens').whereIn('id', targetIds).pluck('id') : [];
      case 'locations':
        return targetIds.length ? this.d.db('screens').whereIn('location_id', targetIds).pluck('id') : [];
      case 'sync_groups':
        return this.syncGroups && targetIds.length ? this.syncGroups.screensOf(targetIds) : [];
    }
  }

  /** The placement of each existing screen among `screenIds`. */
  async placements(screenIds: string[]): Promise<Map<string, ScreenPlacement>> {
    if (!screenIds.length) return new Map();
    const [rows, groups] = await Promise.all([
      this.d.db('screens').whereIn('id', screenIds).select<{ id: string; location_id: string | null }[]>('id', 'location_id'),
      this.syncGroups?.groupsOf(screenIds) ?? new Map<string, string>(),
    ]);
    return new Map(rows.map((r) => [r.id, { screenId: r.id, locationId: r.location_id, syncGroupId: groups.get(r.id) ?? null }]));
  }

  private existing(scope: Exclude<TargetScope, 'all'>, ids: string[]): Promise<string[]> {
    if (scope === 'sync_groups') return this.syncGroups?.existing(ids) ?? Promise.resolve([]);
    return this.d.db(scope).whereIn('id', ids).pluck('id');
  }
}
