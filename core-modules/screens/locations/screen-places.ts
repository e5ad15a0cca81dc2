import type { Knex } from 'knex';
import { AfterCommitEvents } from '../../../kernel/after-commit-events.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

/** How players name where a screen is: "location · room · number", the parts that are set, or "". */
export const placeLabel = (parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' · ');

/**
 * Where each screen is, as players show it when identifying. Exported: the player config carries
 * the label, and follows `changed` (a screen's location or room edited, a location renamed).
 */
export class ScreenPlaces {
  /** Told with the ids of the screens whose label may have changed. */
  readonly changed: AfterCommitEvents<string>;

  constructor(private readonly d: Pick<KernelDeps, 'db' | 'logger' | 'hub'>) {
    this.changed = new AfterCommitEvents(d, 'screen-places-changed');
  }

  /** The label of each of `screenIds`, or of every screen when omitted. */
  async labels(screenIds?: string[]): Promise<Map<string, string>> {
    const query = this.d
      .db('screens as s')
      .leftJoin('locations as l', 'l.id', 's.location_id')
      .select<{ id: string; location: string | null; room_name: string; room_number: string }[]>('s.id', 'l.name as location', 's.room_name', 's.room_number');
    const rows = await (screenIds ? query.whereIn('s.id', screenIds) : query);
    return new Map(rows.map((r) => [r.id, placeLabel([r.location, r.room_name, r.room_number])]));
  }

  /** The screens at a location, whose labels follow its name. */
  screensAt(locationId: string, trx?: Knex.Transaction): Promise<string[]> {
    return (trx ?? this.d.db)('screens').where({ location_id: locationId }).pluck('id');
  }
}
