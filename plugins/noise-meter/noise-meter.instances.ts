import { InstanceService, type InstanceDeps, type InstanceKind } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { InstanceRow, InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { ManifestContributor } from '../../core-modules/player/player.api.js';
import { reaches } from '../../core-modules/screens/screens.api.js';
import { noiseMeterDefaults, normalized, settingsIssues, type NoiseMeterSettings } from './noise-meter.fields.js';

export type NoiseMeterRow = InstanceRow<NoiseMeterSettings>;

const kind: InstanceKind<NoiseMeterSettings> = {
  plugin: 'noise-meter',
  type: 'noise_meter',
  noun: 'noise meter',
  defaults: noiseMeterDefaults,
  normalize: normalized,
  check: (settings) => settingsIssues(settings),
  // Everything the player needs: thresholds, bar, how to keep history and when to show.
  manifestConfigs: async (rows) => new Map(rows.map((row) => [row.id, { name: row.name, ...row.settings }])),
};

const lowestId = <T extends { id: string }>(items: T[]): T | undefined =>
  items.reduce<T | undefined>((min, item) => (!min || item.id < min.id ? item : min), undefined);

/**
 * The shared instance behaviour plus what is particular to a noise meter: one meter per screen. A screen has one
 * microphone, so instead of a priority the enabled instance with the lowest id among those reaching
 * it wins, both in the manifest and when its history is recorded.
 */
export class NoiseMeterInstances extends InstanceService<NoiseMeterSettings> {
  constructor(
    private readonly deps: InstanceDeps,
    private readonly instances: InstanceStore<NoiseMeterSettings>,
  ) {
    super(deps, instances, kind);
  }

  override contributor(): ManifestContributor {
    const every = super.contributor();
    return {
      plugin: every.plugin,
      entriesFor: async (placements) => {
        const result = await every.entriesFor(placements);
        for (const [screenId, entries] of result) result.set(screenId, [lowestId(entries)!]);
        return result;
      },
    };
  }

  /** The meter running on this screen now, if any. */
  async activeFor(screenId: string): Promise<NoiseMeterRow | undefined> {
    const placement = (await this.deps.screenTargets.placements([screenId])).get(screenId);
    if (!placement) return undefined;
    const rows = await this.instances.enabled();
    return lowestId(rows.filter((row) => reaches({ targetScope: row.target_scope, targetIds: row.target_ids }, placement)));
  }

  /** Every instance with its retention, for the purge. */
  all(): Promise<NoiseMeterRow[]> {
    return this.instances.list();
  }
}
