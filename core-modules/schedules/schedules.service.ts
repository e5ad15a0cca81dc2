import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { conflict, invalidInput, notFound, validationFailed } from '../../kernel/errors.js';
import { type ContentRef, refFromWire, refKey, wireField } from '../player/player.api.js';
import { MAX_SCHEDULES, MAX_TARGETS, type ScheduleInput, scheduleIssues } from './schedule-rules.js';
import { type ScheduleView, scheduleView } from './schedule-view.js';
import { type ScheduleRow, type ScheduleValues, scheduleContent, type Target } from './schedules.repository.js';
import type { SchedulesBaseDeps } from './schedules-base-deps.js';

export const DEFAULT_TIMEZONE_KEY = 'scheduling.default_timezone';

type Deps = Pick<
  SchedulesBaseDeps,
  'db' | 'schedulesRepository' | 'screensService' | 'screenGroups' | 'contentKinds' | 'contentSources' | 'settingsService' | 'auditLog'
>;

export const scheduleNotFound = () => notFound('schedule_not_found', 'No such schedule.');
/** A campaign's schedule changes only through a new release of the campaign (or its archiving). */
const campaignManaged = () =>
  conflict('schedule_managed_by_campaign', 'A campaign release wrote this schedule: change the campaign and publish it, or archive the campaign.');
const ownedByPeople = (row: ScheduleRow | undefined): ScheduleRow => {
  if (!row) throw scheduleNotFound();
  if (row.campaign_id) throw campaignManaged();
  return row;
};
const limitExceeded = (message: string) => invalidInput('schedule_limit_exceeded', message, 'body/targets');
const invalid = (issues: { field: string; message: string }[]) => validationFailed('The schedule is not valid.', issues, 'schedule_validation_failed');

/** A stored schedule as the console edits it: the input that would create it again. */
const inputOf = (row: ScheduleRow, targets: Target[]): ScheduleInput => ({
  name: row.name,
  description: row.description,
  ...wireField(scheduleContent(row)),
  ...(row.display_action ? { displayAction: row.display_action } : {}),
  type: row.type,
  timezone: row.timezone,
  priority: row.priority,
  enabled: row.enabled,
  startDate: row.start_date,
  endDate: row.end_date,
  oneTimeStart: row.one_time_start?.toISOString() ?? null,
  oneTimeEnd: row.one_time_end?.toISOString() ?? null,
  dailyStart: row.daily_start,
  dailyEnd: row.daily_end,
  daysOfWeek: row.days_of_week,
  targets,
});

/** Every field the reference console's schedule input always carries: such a body replaces the schedule. */
const WHOLE = ['name', 'description', 'type', 'timezone', 'priority', 'enabled', 'daysOfWeek', 'targets'] as const;
const isWhole = (patch: Partial<ScheduleInput>): patch is ScheduleInput => WHOLE.every((f) => patch[f] !== undefined);

/** The columns a valid input sets; the other type's fields are cleared. */
const valuesOf = (input: ScheduleInput, timezone: string): ScheduleValues => {
  const weekly = input.type === 'weekly';
  const content = input.displayAction === undefined ? refFromWire(input, 'schedule_validation_failed') : undefined;
  return {
    name: input.name,
    description: input.description ?? '',
    content_type: content?.contentType ?? null,
    content_id: content?.contentId ?? null,
    display_action: input.displayAction ?? null,
    type: input.type,
    timezone,
    priority: input.priority ?? 0,
    enabled: input.enabled ?? true,
    start_date: weekly ? (input.startDate ?? null) : null,
    end_date: weekly ? (input.endDate ?? null) : null,
    one_time_start: weekly ? null : new Date(input.oneTimeStart!),
    one_time_end: weekly ? null : new Date(input.oneTimeEnd!),
    daily_start: weekly ? input.dailyStart! : null,
    daily_end: weekly ? input.dailyEnd! : null,
    days_of_week: weekly ? [...input.daysOfWeek!].sort((a, b) => a - b) : [],
  };
};

/**
 * Schedules: a playlist on screens and groups at times (weekly in a zone, or one-time). Targets
 * naming a grouped screen are normalised to its group, so every member gets the same set. After
 * each committed change the screens it reaches, before and after, have their manifests rebuilt.
 */
export class SchedulesService {
  constructor(private readonly d: Deps) {}

  async list(page: number, pageSize: number, search?: string) {
    const { rows, total } = await this.d.schedulesRepository.page(page, pageSize, search?.trim() || undefined);
    return { items: await this.views(rows), total, page, pageSize, defaultTimezone: await this.defaultTimezone() };
  }

  async get(id: string): Promise<ScheduleView> {
    const row = await this.d.schedulesRepository.byId(id);
    if (!row) throw scheduleNotFound();
    return (await this.views([row]))[0]!;
  }

  async create(actor: ConsolePrincipal, input: ScheduleInput, ip: string): Promise<ScheduleView> {
    const { values, targets } = await this.checked(input);
    const id = await this.d.db.transaction(async (trx) => {
      if ((await this.d.schedulesRepository.lockAndCount(trx)) >= MAX_SCHEDULES) throw limitExceeded(`At most ${MAX_SCHEDULES} schedules.`);
      await this.holdContent(values, trx);
      const created = await this.d.schedulesRepository.insert({ ...values, created_by: actor.userId }, targets, trx);
      await this.reached(targets, trx);
      return created;
    });
    await this.audit('created', actor, ip, id, { name: values.name });
    return this.get(id);
  }

  async update(actor: ConsolePrincipal, id: string, patch: Partial<ScheduleInput>, ip: string): Promise<ScheduleView> {
    const before = ownedByPeople(await this.d.schedulesRepository.byId(id));
    const oldTargets = (await this.d.schedulesRepository.targetsOf([id])).get(id)!;
    // The reference's console sends the whole schedule and leaves out what it has none of (a date range, say).
    const merged = isWhole(patch) ? patch : { ...inputOf(before, oldTargets), ...patch };
    // Naming the other kind of content replaces the stored one.
    if (patch.playlistId !== undefined || patch.layoutId !== undefined) delete merged.displayAction;
    if (patch.playlistId !== undefined) delete merged.layoutId;
    if (patch.layoutId !== undefined) delete merged.playlistId;
    if (patch.displayAction !== undefined) {
      delete merged.playlistId;
      delete merged.layoutId;
    }
    // A change of type or of content replaces the other kind's fields.
    const { values, targets } = await this.checked(merged);
    await this.d.db.transaction(async (trx) => {
      ownedByPeople(await this.d.schedulesRepository.lock(id, trx));
      await this.holdContent(values, trx);
      await this.d.schedulesRepository.update(id, values, targets, trx);
      await this.reached([...oldTargets, ...targets], trx);
    });
    await this.audit('updated', actor, ip, id, { fields: Object.keys(patch) });
    return this.get(id);
  }

  async setEnabled(actor: ConsolePrincipal, id: string, enabled: boolean, ip: string): Promise<ScheduleView> {
    await this.d.db.transaction(async (trx) => {
      const row = ownedByPeople(await this.d.schedulesRepository.lock(id, trx));
      if (row.enabled === enabled) return;
      await this.d.schedulesRepository.update(id, { enabled }, undefined, trx);
      await this.reached((await this.d.schedulesRepository.targetsOf([id])).get(id)!, trx);
    });
    await this.audit(enabled ? 'enabled' : 'disabled', actor, ip, id, {});
    return this.get(id);
  }

  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      ownedByPeople(await this.d.schedulesRepository.lock(id, trx));
      const targets = (await this.d.schedulesRepository.targetsOf([id], trx)).get(id)!;
      await this.d.schedulesRepository.delete(id, trx);
      await this.reached(targets, trx);
    });
    await this.audit('deleted', actor, ip, id, {});
  }

  /** What these schedules play may differ now (one entering the prefetch horizon): the screens they target are rebuilt. */
  async contentChanged(scheduleIds: string[], trx?: Knex.Transaction): Promise<void> {
    await this.reached([...(await this.d.schedulesRepository.targetsOf(scheduleIds, trx)).values()].flat(), trx);
  }

  /** The screens the schedules playing any of `refs` target (a group's members for a group). */
  async screensGiven(refs: ContentRef[], trx?: Knex.Transaction): Promise<string[]> {
    const scheduleIds: string[] = [];
    for (const ref of refs) scheduleIds.push(...(await this.d.schedulesRepository.using(ref.contentType, [ref.contentId], trx)).map((s) => s.id));
    return scheduleIds.length ? this.screensOf([...(await this.d.schedulesRepository.targetsOf(scheduleIds, trx)).values()].flat()) : [];
  }

  /**
   * The input checked whole, its zone defaulted and its targets normalised (a grouped screen becomes
   * its group). Given a `memo`, schedules checked together (a campaign's blocks, on the same
   * destinations) read the same targets once.
   */
  async checked(input: ScheduleInput, memo?: Map<string, Promise<Target[]>>): Promise<{ values: ScheduleValues; targets: Target[] }> {
    const issues = scheduleIssues(input);
    if (issues.length) throw invalid(issues);
    if (input.targets.length > MAX_TARGETS) throw limitExceeded(`A schedule has at most ${MAX_TARGETS} targets.`);
    const key = JSON.stringify(input.targets);
    if (memo && !memo.has(key)) memo.set(key, this.normalised(input.targets));
    const targets = await (memo?.get(key) ?? this.normalised(input.targets));
    if (input.displayAction !== undefined && !(await this.allLinux(targets))) {
      throw invalidInput(
        'display_control_unsupported',
        'Display-control schedules can only target Linux players; schedule content for the others.',
        'body/targets',
      );
    }
    const values = valuesOf(input, input.timezone ?? (await this.defaultTimezone()));
    if (values.content_type) this.d.contentKinds.kind(values.content_type); // 422 content_type_unsupported (a layout, with no layouts module)
    return { values, targets };
  }

  /** The schedule's specificity for the screen: 1 when it names the screen, 0 its group, undefined neither. */
  async specificityFor(screenId: string, targets: Target[]): Promise<0 | 1 | undefined> {
    if (targets.some((t) => t.type === 'screen' && t.id === screenId)) return 1;
    const group = (await this.d.screenGroups.groupsOf([screenId])).get(screenId);
    return group && targets.some((t) => t.type === 'group' && t.id === group) ? 0 : undefined;
  }

  defaultTimezone(): Promise<string> {
    return this.d.settingsService.get<string>(DEFAULT_TIMEZONE_KEY);
  }

  /** Whether every screen the targets reach now runs the Linux player (the only one with display control). */
  async allLinux(targets: Target[]): Promise<boolean> {
    const members = await this.d.screenGroups.membersOf(targets.filter((t) => t.type === 'group').map((t) => t.id));
    const screenIds = [...targets.filter((t) => t.type === 'screen').map((t) => t.id), ...[...members.values()].flat()];
    const platforms = await this.d.screensService.platformsOf(screenIds);
    return screenIds.every((id) => platforms.get(id) === 'linux');
  }

  // Checks the content and holds it until the transaction ends, so its delete cannot slip in between.
  private async holdContent(values: ScheduleValues, trx: Knex.Transaction): Promise<void> {
    const ref = scheduleContent(values);
    if (ref) await this.d.contentKinds.check([ref], trx);
  }

  private async normalised(targets: ScheduleInput['targets']): Promise<Target[]> {
    const screenIds = targets.filter((t) => t.type === 'screen').map((t) => t.id);
    const groupIds = targets.filter((t) => t.type === 'group').map((t) => t.id);
    const [screens, groups, groupOf] = await Promise.all([
      this.d.screensService.namesOf(screenIds),
      this.d.screenGroups.existing(groupIds),
      this.d.screenGroups.groupsOf(screenIds),
    ]);
    const missing = [
      ...screenIds.filter((id) => !screens.has(id)).map((id) => `screen ${id}`),
      ...groupIds.filter((id) => !groups.includes(id)).map((id) => `group ${id}`),
    ];
    if (missing.length) throw invalid([{ field: 'body/targets', message: `No such ${missing.slice(0, 10).join(', ')}.` }]);
    const normalised = targets.map(
      (t): Target => (t.type === 'screen' && groupOf.has(t.id) ? { type: 'group', id: groupOf.get(t.id)! } : { type: t.type, id: t.id }),
    );
    return normalised.filter((t, i) => normalised.findIndex((u) => u.type === t.type && u.id === t.id) === i);
  }

  /** The screens the targets reach are rebuilt; with the change's transaction, so they hear of it even if this process dies at the commit. Answers them. */
  async reached(targets: Target[], trx?: Knex.Transaction): Promise<string[]> {
    const screens = [...new Set(await this.screensOf(targets))];
    await this.d.contentSources.changed(screens, trx);
    return screens;
  }

  private async screensOf(targets: Target[]): Promise<string[]> {
    const groupIds = [...new Set(targets.filter((t) => t.type === 'group').map((t) => t.id))];
    const members = await this.d.screenGroups.membersOf(groupIds);
    return [...targets.filter((t) => t.type === 'screen').map((t) => t.id), ...[...members.values()].flat()];
  }

  /** The schedules as the console shows them; `known` gives the targets of ones not stored (a preview's). */
  async views(rows: ScheduleRow[], known?: Map<string, Target[]>): Promise<ScheduleView[]> {
    const targetsOf = known ?? (await this.d.schedulesRepository.targetsOf(rows.map((r) => r.id)));
    const all = [...targetsOf.values()].flat();
    const [screenNames, groupNames, contentNames] = await Promise.all([
      this.d.screensService.namesOf(all.filter((t) => t.type === 'screen').map((t) => t.id)),
      this.d.screenGroups.namesOf(all.filter((t) => t.type === 'group').map((t) => t.id)),
      this.d.contentKinds.names(rows.flatMap((r) => scheduleContent(r) ?? [])),
    ]);
    const contentName = (row: ScheduleRow) => {
      const ref = scheduleContent(row);
      return ref ? (contentNames.get(refKey(ref)) ?? '') : '';
    };
    const nameOf = (t: Target) => (t.type === 'screen' ? screenNames : groupNames).get(t.id);
    return rows.map((row) =>
      scheduleView(
        row,
        // A target deleted since (a group) reaches nothing and is not shown.
        targetsOf.get(row.id)!.flatMap((t) => (nameOf(t) === undefined ? [] : [{ ...t, name: nameOf(t)! }])),
        contentName(row),
      ),
    );
  }

  private audit(what: string, actor: ConsolePrincipal, ip: string, id: string, metadata: Record<string, unknown>) {
    return this.d.auditLog.record({ action: `schedule.${what}`, actor, ip, resourceType: 'schedule', resourceId: id, metadata });
  }
}
