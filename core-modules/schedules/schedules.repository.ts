import type { Knex } from 'knex';
import { containsPattern } from '../../kernel/db/like.js';
import { fn, raw } from 'objection';
import type { ContentRef } from '../player/player.api.js';
import { ScheduleModel, ScheduleTargetModel } from './schedules.models.js';
import type { KernelDeps } from '../../kernel/kernel.js';

export type TargetType = 'screen' | 'group';

/** What a display-control schedule does to the display while it holds. */
export interface DisplayAction {
  type: string;
  input?: string;
  volume?: number;
  brightness?: number;
}

export interface ScheduleRow {
  id: string;
  name: string;
  description: string;
  /** What it plays (both set, display_action null) or neither (a display-control schedule). */
  content_type: string | null;
  content_id: string | null;
  display_action: DisplayAction | null;
  type: 'weekly' | 'one_time';
  timezone: string;
  priority: number;
  enabled: boolean;
  start_date: string | null;
  end_date: string | null;
  one_time_start: Date | null;
  one_time_end: Date | null;
  daily_start: string | null;
  daily_end: string | null;
  days_of_week: number[];
  revision: number;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  /** Set, all three, on a schedule a campaign release wrote: only the campaign changes it. */
  campaign_id: string | null;
  campaign_release_id: string | null;
  campaign_block_id: string | null;
}

export interface TargetRow {
  schedule_id: string;
  target_type: TargetType;
  target_id: string;
}

/** Schedule rows kept by `atRevisions`: the most a fleet may have (1,000) several revisions over. */
const SEEN_REVISIONS = 5_000;

/** What a schedule plays, if it plays content. */
export const scheduleContent = (row: Pick<ScheduleRow, 'content_type' | 'content_id'>): ContentRef | null =>
  row.content_type && row.content_id ? { contentType: row.content_type, contentId: row.content_id } : null;

export type ScheduleValues = Omit<
  ScheduleRow,
  'id' | 'revision' | 'created_by' | 'created_at' | 'updated_at' | 'campaign_id' | 'campaign_release_id' | 'campaign_block_id'
>;
/** Where a campaign's schedule came from. */
export type CampaignTags = Pick<ScheduleRow, 'campaign_id' | 'campaign_release_id' | 'campaign_block_id'>;
export type Target = { type: TargetType; id: string };

/** A schedule that reaches a screen: directly (specificity 1) or through the screen's group (0). */
export interface Reaching {
  scheduleId: string;
  revision: number;
  specificity: 0 | 1;
  /** A display-control schedule (only Linux players can run one). */
  displays: boolean;
}

/** The schedules and schedule_targets tables. The only place that queries them. */
export class SchedulesRepository {
  private readonly schedules: typeof ScheduleModel;
  private readonly targets: typeof ScheduleTargetModel;

  private readonly seen = new Map<string, ScheduleRow>();

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.schedules = ScheduleModel.bindKnex(db);
    this.targets = ScheduleTargetModel.bindKnex(db);
  }

  /** A page by name; `search` matches the name literally (LIKE wildcards typed by the user match only themselves). */
  async page(page: number, pageSize: number, search?: string): Promise<{ rows: ScheduleRow[]; total: number }> {
    const query = this.schedules.query();
    if (search) query.where('name', 'ilike', containsPattern(search));
    const { results, total } = await query.orderByRaw('lower(name), id').page(page - 1, pageSize);
    return { rows: results, total };
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<ScheduleRow | undefined> {
    return this.schedules.query(trx).findById(id);
  }

  async byIds(ids: string[]): Promise<ScheduleRow[]> {
    return ids.length ? this.schedules.query().findByIds(ids) : [];
  }

  /**
   * The rows at these revisions, for manifest builds and previews. Every change moves a row's
   * revision, so a row read at a revision stays true: they are kept in memory (bounded) and the
   * database is asked only for those not seen yet. A row found at another revision (changed since
   * the caller read the revision) is answered as it is now, and a deleted one not at all.
   */
  async atRevisions(entries: { id: string; revision: number }[]): Promise<ScheduleRow[]> {
    const known = entries.map((e) => this.seen.get(`${e.id}@${e.revision}`));
    const missing = entries.filter((_, i) => !known[i]).map((e) => e.id);
    const loaded = await this.byIds(missing);
    for (const row of loaded) {
      this.seen.set(`${row.id}@${row.revision}`, row);
      if (this.seen.size > SEEN_REVISIONS) this.seen.delete(this.seen.keys().next().value!);
    }
    return [...known.filter((r): r is ScheduleRow => r !== undefined), ...loaded];
  }

  /** Counts after taking a transaction lock, so two creations cannot both pass the limit. */
  async lockAndCount(trx: Knex.Transaction): Promise<number> {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('schedules.count'))`);
    return this.schedules.query(trx).resultSize();
  }

  async lock(id: string, trx: Knex.Transaction): Promise<ScheduleRow | undefined> {
    return this.schedules.query(trx).findById(id).forUpdate();
  }

  async insert(values: ScheduleValues & { created_by: string | null } & Partial<CampaignTags>, targets: Target[], trx: Knex.Transaction): Promise<string> {
    const { id } = await this.schedules.query(trx).insert(values).returning('id');
    await this.replaceTargets(id, targets, trx);
    return id;
  }

  /** Inserts schedules with their targets in two statements (a campaign release's); answers their ids in order. */
  async insertMany(
    rows: { values: ScheduleValues & { created_by: string | null } & Partial<CampaignTags>; targets: Target[] }[],
    trx: Knex.Transaction,
  ): Promise<string[]> {
    if (!rows.length) return [];
    const inserted = await this.schedules
      .query(trx)
      .insert(rows.map((r) => r.values))
      .returning('id');
    const ids = inserted.map((r) => r.id);
    const targets = rows.flatMap((r, i) => r.targets.map((t) => ({ schedule_id: ids[i]!, target_type: t.type, target_id: t.id })));
    if (targets.length) await this.targets.query(trx).insert(targets);
    return ids;
  }

  /** Applies the changes and moves the revision; false when there is no such schedule. */
  async update(id: string, values: Partial<ScheduleValues>, targets: Target[] | undefined, trx: Knex.Transaction): Promise<boolean> {
    const changed = await this.schedules
      .query(trx)
      .findById(id)
      .patch({ ...values, revision: raw('revision + 1'), updated_at: fn.now() });
    if (changed && targets) await this.replaceTargets(id, targets, trx);
    return changed > 0;
  }

  async delete(id: string, trx: Knex.Transaction): Promise<boolean> {
    return (await this.schedules.query(trx).deleteById(id)) > 0;
  }

  /** The schedules a campaign's releases wrote. */
  async ofCampaign(campaignId: string, trx: Knex.Transaction): Promise<string[]> {
    return (await this.schedules.query(trx).where({ campaign_id: campaignId }).select('id').orderBy('id')).map((r) => r.id);
  }

  /** Deletes a campaign's schedules (their targets go with them). */
  async deleteOfCampaign(campaignId: string, trx: Knex.Transaction): Promise<void> {
    await this.schedules.query(trx).where({ campaign_id: campaignId }).delete();
  }

  async targetsOf(scheduleIds: string[], trx?: Knex.Transaction): Promise<Map<string, Target[]>> {
    const result = new Map<string, Target[]>(scheduleIds.map((id) => [id, []]));
    if (!scheduleIds.length) return result;
    const rows = await this.targets.query(trx).whereIn('schedule_id', scheduleIds).orderBy(['target_type', 'target_id']);
    for (const r of rows) result.get(r.schedule_id)?.push({ type: r.target_type, id: r.target_id });
    return result;
  }

  /**
   * The enabled schedules that reach each screen (given the group of each grouped screen) and may
   * still play within `horizonDays`: weekly ones that have not ended and start within it, one-time
   * ones that have not ended and start within it.
   */
  async reaching(screenIds: string[], groupOf: Map<string, string>, horizonDays: number): Promise<Map<string, Reaching[]>> {
    const result = new Map<string, Reaching[]>();
    if (!screenIds.length) return result;
    const groupIds = [...new Set(groupOf.values())];
    const rows = await this.targets
      .query()
      .alias('t')
      .join('schedules as s', 's.id', 't.schedule_id')
      .where('s.enabled', true)
      .where((w) =>
        w
          .where((q) => q.where('t.target_type', 'screen').whereRaw('t.target_id = ANY(?::uuid[])', [screenIds]))
          .orWhere((q) => q.where('t.target_type', 'group').whereRaw('t.target_id = ANY(?::uuid[])', [groupIds])),
      )
      .where((w) =>
        w
          .where((q) =>
            q
              .where('s.type', 'weekly')
              // A day's slack either side: the dates are wall-clock dates in the schedule's zone.
              .whereRaw(`(s.end_date IS NULL OR s.end_date >= to_char(now() - interval '2 days', 'YYYY-MM-DD'))`)
              .whereRaw(`(s.start_date IS NULL OR s.start_date <= to_char(now() + make_interval(days => ?), 'YYYY-MM-DD'))`, [horizonDays + 1]),
          )
          .orWhere((q) =>
            q.where('s.type', 'one_time').where('s.one_time_end', '>', fn.now()).whereRaw('s.one_time_start < now() + make_interval(days => ?)', [horizonDays]),
          ),
      )
      .select('t.target_type', 't.target_id', 's.id', 's.revision', raw('s.display_action IS NOT NULL AS displays'))
      .castTo<{ target_type: TargetType; target_id: string; id: string; revision: number; displays: boolean }[]>();
    const screensOfGroup = new Map<string, string[]>();
    for (const [screenId, groupId] of groupOf) screensOfGroup.set(groupId, [...(screensOfGroup.get(groupId) ?? []), screenId]);
    const add = (screenId: string, reaching: Reaching) => {
      const list = result.get(screenId) ?? [];
      // A schedule that names both the screen and its group reaches it once, as the more specific.
      const same = list.findIndex((r) => r.scheduleId === reaching.scheduleId);
      if (same < 0) list.push(reaching);
      else if (reaching.specificity > list[same]!.specificity) list[same] = reaching;
      result.set(screenId, list);
    };
    for (const r of rows) {
      if (r.target_type === 'screen') add(r.target_id, { scheduleId: r.id, revision: r.revision, specificity: 1, displays: r.displays });
      else
        for (const screenId of screensOfGroup.get(r.target_id) ?? [])
          add(screenId, { scheduleId: r.id, revision: r.revision, specificity: 0, displays: r.displays });
    }
    return result;
  }

  /** Schedules that play content of `contentType` among `contentIds`. */
  async using(contentType: string, contentIds: string[], trx?: Knex.Transaction): Promise<Pick<ScheduleRow, 'id' | 'name'>[]> {
    if (!contentIds.length) return [];
    return this.schedules.query(trx).where({ content_type: contentType }).whereIn('content_id', contentIds).select('id', 'name').orderBy('id');
  }

  /** Schedules whose playing may begin or end around now (entering the prefetch horizon, or ending). */
  async crossingHorizon(horizonDays: number, withinMinutes: number): Promise<string[]> {
    const rows = await this.schedules
      .query()
      .where((w) =>
        w
          .whereRaw(`one_time_start BETWEEN now() + make_interval(days => ?) - make_interval(mins => ?) AND now() + make_interval(days => ?)`, [
            horizonDays,
            withinMinutes,
            horizonDays,
          ])
          .orWhereRaw('one_time_end BETWEEN now() - make_interval(mins => ?) AND now()', [withinMinutes])
          // Date-bounded weekly schedules enter and leave on the days `reaching` turns on.
          .orWhereRaw(`start_date = to_char(now() + make_interval(days => ?), 'YYYY-MM-DD')`, [horizonDays + 1])
          .orWhereRaw(`end_date = to_char(now() - interval '2 days', 'YYYY-MM-DD')`),
      )
      .select('id');
    return rows.map((r) => r.id);
  }

  /** Whether any display-control schedule targets the group (its members must all run Linux players). */
  async groupHasDisplayAction(groupId: string, trx?: Knex.Transaction): Promise<boolean> {
    const row = await this.targets
      .query(trx)
      .alias('t')
      .join('schedules as s', 's.id', 't.schedule_id')
      .where({ 't.target_type': 'group', 't.target_id': groupId })
      .whereNotNull('s.display_action')
      .select('s.id')
      .first();
    return Boolean(row);
  }

  /** Every schedule with its content, for the dependency graph. */
  async all(): Promise<Pick<ScheduleRow, 'id' | 'name' | 'content_type' | 'content_id'>[]> {
    return this.schedules.query().select('id', 'name', 'content_type', 'content_id').orderBy('id');
  }

  async allTargets(): Promise<TargetRow[]> {
    return this.targets.query().orderBy(['schedule_id', 'target_type', 'target_id']);
  }

  private async replaceTargets(id: string, targets: Target[], trx: Knex.Transaction): Promise<void> {
    await this.targets.query(trx).where({ schedule_id: id }).delete();
    if (targets.length) await this.targets.query(trx).insert(targets.map((t) => ({ schedule_id: id, target_type: t.type, target_id: t.id })));
  }
}
