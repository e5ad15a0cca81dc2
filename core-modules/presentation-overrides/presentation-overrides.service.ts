import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { conflict, notFound } from '../../kernel/errors.js';
import { refKey } from '../player/player.api.js';
import { type OverrideView, overrideView } from './override-view.js';
import type { PresentationOverridesBaseDeps } from './presentation-overrides-base-deps.js';
import type { OverrideRow, TargetType } from './presentation-overrides.repository.js';

type Deps = Pick<
  PresentationOverridesBaseDeps,
  'db' | 'presentationOverridesRepository' | 'screensService' | 'screenGroups' | 'contentKinds' | 'contentSources' | 'takeovers' | 'consoleEvents' | 'auditLog'
>;

export interface OverrideInput {
  targetType: TargetType;
  targetId: string;
  contentType: 'playlist' | 'layout' | 'asset';
  contentId: string;
  durationMinutes: 0 | 5 | 15 | 30 | 60;
  afterAction?: 'resume';
  wakeDisplay?: boolean;
}

const targetNotFound = () => notFound('presentation_target_not_found', 'The chosen screen or group was not found.');
const overrideNotFound = () => notFound('presentation_not_found', 'This quick presentation is no longer running.');
const presentationConflict = (message: string) => conflict('presentation_conflict', message);
const STOPPED_FROM_CONSOLE = 'Stopped from the console';

/**
 * Quick present: content on a screen or a group's members for a few minutes or until stopped, above
 * their schedules. One session per screen at a time, and none on a screen a takeover holds. Each
 * change, its rebuild of the screens' manifests and its audit entry commit together.
 */
export class PresentationOverridesService {
  constructor(private readonly d: Deps) {}

  async list(): Promise<{ items: OverrideView[]; total: number }> {
    const items = await this.views(await this.d.presentationOverridesRepository.runningList());
    return { items, total: items.length };
  }

  async create(actor: ConsolePrincipal, input: OverrideInput, ip: string): Promise<OverrideView> {
    const repo = this.d.presentationOverridesRepository;
    const id = await this.d.db.transaction(async (trx) => {
      // One start or stop at a time: two racing over the same screens would otherwise both run.
      await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('presentation-overrides'))`);
      const screens = await this.targetScreens(input.targetType, input.targetId, true);
      if (!screens.length) throw presentationConflict('The chosen group has no screens.');
      await this.d.contentKinds.check([{ contentType: input.contentType, contentId: input.contentId }], trx);
      const groupOf = await this.d.screenGroups.groupsOf(screens);
      if ((await repo.runningOn(screens, [...new Set(groupOf.values())], trx)).length) {
        throw presentationConflict('Another quick presentation is running on one or more of the chosen screens.');
      }
      if ((await this.d.takeovers.screensHeld(screens, trx)).length) throw presentationConflict('A takeover holds one or more of the chosen screens.');
      const now = new Date();
      const created = await repo.insert(
        {
          target_type: input.targetType,
          target_id: input.targetId,
          content_type: input.contentType,
          content_id: input.contentId,
          duration_seconds: input.durationMinutes * 60,
          started_at: now,
          expires_at: input.durationMinutes ? new Date(now.getTime() + input.durationMinutes * 60_000) : null,
          after_action: input.afterAction ?? 'resume',
          wake_display: input.wakeDisplay ?? false,
          created_by: actor.userId,
        },
        trx,
      );
      await this.changed(created, 'active', screens, trx);
      await this.audit('started', { actor, ip }, created, { targetType: input.targetType, targetId: input.targetId, contentType: input.contentType }, trx);
      return created;
    });
    return this.view(id);
  }

  async stop(actor: ConsolePrincipal, id: string, reason: string | undefined, ip: string): Promise<OverrideView> {
    await this.d.db.transaction(async (trx) => {
      await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('presentation-overrides'))`);
      const row = await this.d.presentationOverridesRepository.lockRunning(id, trx);
      if (!row) throw overrideNotFound();
      const why = reason?.trim() || STOPPED_FROM_CONSOLE;
      await this.d.presentationOverridesRepository.stop(id, new Date(), why, trx);
      await this.changed(id, 'stopped', await this.targetScreens(row.target_type, row.target_id), trx);
      await this.audit('stopped', { actor, ip }, id, { reason: why }, trx);
    });
    return this.view(id);
  }

  /** The minute job: ends every session whose time is up, once across processes (rows locked, skipped by a concurrent run). */
  async expireDue(): Promise<number> {
    return this.d.db.transaction(async (trx) => {
      const due = await this.d.presentationOverridesRepository.lockDue(trx);
      for (const row of due) {
        await this.d.presentationOverridesRepository.stop(row.id, row.expires_at!, 'Expired', trx);
        await this.changed(row.id, 'expired', await this.targetScreens(row.target_type, row.target_id), trx);
        await this.audit('expired', { actor: { kind: 'system' } }, row.id, {}, trx);
      }
      return due.length;
    });
  }

  /** The screens the sessions playing any of these refs run on (contentKinds' reach). */
  async screensGiven(refs: { contentType: string; contentId: string }[], trx?: Knex.Transaction): Promise<string[]> {
    const screens: string[] = [];
    for (const type of new Set(refs.map((r) => r.contentType))) {
      const ids = refs.filter((r) => r.contentType === type).map((r) => r.contentId);
      for (const row of await this.d.presentationOverridesRepository.runningWith(type, ids, trx)) {
        screens.push(...(await this.targetScreens(row.target_type, row.target_id)));
      }
    }
    return [...new Set(screens)];
  }

  /** The screens a target reaches now; a target deleted meanwhile reaches none (404 when `required`, for a start). */
  private async targetScreens(type: TargetType, id: string, required = false): Promise<string[]> {
    const exists = type === 'screen' ? (await this.d.screensService.namesOf([id])).has(id) : (await this.d.screenGroups.existing([id])).includes(id);
    if (!exists) {
      if (required) throw targetNotFound();
      return [];
    }
    return type === 'screen' ? [id] : ((await this.d.screenGroups.membersOf([id])).get(id) ?? []);
  }

  // In the change's transaction: the screens' rebuild and the consoles' hint go out with its commit.
  private async changed(id: string, status: 'active' | 'stopped' | 'expired', screens: string[], trx: Knex.Transaction): Promise<void> {
    await this.d.contentSources.changed(screens, trx);
    this.d.consoleEvents.publish('presentation_override.changed', { overrideId: id, status }, trx);
  }

  private audit(
    what: string,
    by: { actor: ConsolePrincipal | { kind: 'system' }; ip?: string },
    id: string,
    metadata: Record<string, unknown>,
    trx: Knex.Transaction,
  ) {
    return this.d.auditLog.record({ ...by, action: `presentation_override.${what}`, resourceType: 'presentation_override', resourceId: id, metadata }, trx);
  }

  private async view(id: string): Promise<OverrideView> {
    return (await this.views([(await this.d.presentationOverridesRepository.byId(id))!]))[0]!;
  }

  private async views(rows: OverrideRow[]): Promise<OverrideView[]> {
    const refs = rows.map((r) => ({ contentType: r.content_type, contentId: r.content_id }));
    const [screens, groups, contents] = await Promise.all([
      this.d.screensService.namesOf(rows.filter((r) => r.target_type === 'screen').map((r) => r.target_id)),
      this.d.screenGroups.namesOf(rows.filter((r) => r.target_type === 'group').map((r) => r.target_id)),
      this.d.contentKinds.names(refs),
    ]);
    return rows.map((r, i) => overrideView(r, (r.target_type === 'screen' ? screens : groups).get(r.target_id) ?? '', contents.get(refKey(refs[i]!)) ?? ''));
  }
}
