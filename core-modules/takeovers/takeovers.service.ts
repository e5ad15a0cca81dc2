import type { Knex } from 'knex';
import type { AuditEntry } from '../../kernel/audit-log.js';
import { AppError } from '../../kernel/errors.js';
import { BuildMemo } from '../player/player.api.js';
import { durationExceeded, invalidTakeover, playlistNotReady, targetRequired } from './takeover-errors.js';
import type { TakeoverStart, Takeovers } from './takeovers.api.js';
import type { TakeoversBaseDeps } from './takeovers-base-deps.js';

export const DEFAULT_DURATION_KEY = 'takeover.default_duration_minutes';
export const MAX_DURATION_KEY = 'takeover.maximum_duration_minutes';
export const CONFIRMATION_KEY = 'takeover.confirmation_required';
export const REAUTHENTICATION_KEY = 'takeover.reauthentication_required';

export const MAX_TARGETS = 250;
const NAME_MAX = 180;
const DESCRIPTION_MAX = 2000;
const REASON_MAX = 1000;
export const REPLACED = 'Replaced by another takeover';

type Deps = Pick<
  TakeoversBaseDeps,
  | 'db'
  | 'takeoversRepository'
  | 'settingsService'
  | 'screensService'
  | 'screenGroups'
  | 'contentKinds'
  | 'contentSources'
  | 'manifestVersionsOf'
  | 'playerMessages'
  | 'consoleEvents'
  | 'auditLog'
>;

/** Who a change is recorded as: a console user (with the address) or the server itself for a plugin. */
export type Actor = Pick<AuditEntry, 'actor' | 'ip'>;
const SYSTEM: Actor = { actor: { kind: 'system' } };

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * Starting, ending and moving takeovers, each inside one transaction: the rows, the rebuild of the
 * screens' manifests and the players' `takeover.changed` commit together, or none of them does.
 * This is the module's face (`takeovers`) and what its routes and minute job call.
 */
export class TakeoversService implements Takeovers {
  constructor(private readonly d: Deps) {}

  start(input: TakeoverStart, trx: Knex.Transaction): Promise<{ id: string; screenIds: string[] }> {
    return this.activate(input, trx, SYSTEM);
  }

  async end(id: string, reason: string, trx: Knex.Transaction): Promise<void> {
    if (await this.d.takeoversRepository.lockActive(id, trx)) await this.finish([id], 'cancelled', reason.slice(0, REASON_MAX), trx, SYSTEM);
  }

  async extend(id: string, expiresAt: Date, trx: Knex.Transaction): Promise<void> {
    await this.checkExpiry(expiresAt);
    if (!(await this.d.takeoversRepository.lockActive(id, trx))) return;
    await this.d.takeoversRepository.setExpiry(id, expiresAt, trx);
    await this.d.contentSources.changed(await this.d.takeoversRepository.holdingScreens([id], trx), trx);
    this.d.consoleEvents.publish('takeover.changed', { takeoverId: id, status: 'active' }, trx);
    await this.d.auditLog.record({ ...SYSTEM, action: 'takeover.extended', resourceType: 'takeover', resourceId: id, metadata: { expiresAt } }, trx);
  }

  async activeAmong(ids: string[], trx?: Knex.Transaction): Promise<Set<string>> {
    return new Set(await this.d.takeoversRepository.activeAmong(ids, trx));
  }

  async screensHeld(screenIds: string[], trx?: Knex.Transaction): Promise<string[]> {
    return (await this.d.takeoversRepository.holding(screenIds, trx)).map((h) => h.screen_id);
  }

  /**
   * Checks and starts a takeover in `trx`. Screens another active takeover holds move to this one;
   * a takeover left holding none ends as cancelled (replaced).
   */
  async activate(input: TakeoverStart, trx: Knex.Transaction, by: Actor): Promise<{ id: string; screenIds: string[] }> {
    const name = input.name.trim();
    const description = (input.description ?? '').trim();
    if (!name || name.length > NAME_MAX) throw invalidTakeover(`A takeover needs a name of 1–${NAME_MAX} characters.`, 'body/name');
    if (description.length > DESCRIPTION_MAX) throw invalidTakeover(`A description has at most ${DESCRIPTION_MAX} characters.`, 'body/description');
    const screenIds = unique(input.screenIds);
    const groupIds = unique(input.groupIds);
    const asked = screenIds.length + groupIds.length;
    if (asked === 0) throw targetRequired('Choose at least one screen or group.');
    if (asked > MAX_TARGETS) throw targetRequired(`A takeover has at most ${MAX_TARGETS} screens and groups.`);
    await this.checkExpiry(input.expiresAt);
    await this.holdPlaylist(input.playlistId, trx);
    // One activation at a time: two racing over the same screens would otherwise both keep them.
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('takeovers.activation'))`);
    const screens = await this.screensOf(screenIds, groupIds);
    if (!screens.length) throw targetRequired('None of the chosen screens and groups has a screen.');
    const repo = this.d.takeoversRepository;
    const origin = { kind: input.origin.kind.slice(0, 60), ref: input.origin.ref?.slice(0, 200) ?? null };
    const id = await repo.insert(
      {
        name,
        description,
        playlist_id: input.playlistId,
        origin_kind: origin.kind,
        origin_ref: origin.ref,
        created_by: input.createdBy ?? null,
        activated_at: new Date(),
        expires_at: input.expiresAt,
      },
      [...screenIds.map((t) => ({ type: 'screen' as const, id: t })), ...groupIds.map((t) => ({ type: 'group' as const, id: t }))],
      trx,
    );
    const released = await repo.release(screens, id, trx);
    const emptied = released.filter((r) => !r.holdsOthers).map((r) => r.takeoverId);
    await repo.end(emptied, 'cancelled', REPLACED, trx);
    for (const takeoverId of released.map((r) => r.takeoverId)) {
      this.d.consoleEvents.publish('takeover.changed', { takeoverId, status: emptied.includes(takeoverId) ? 'cancelled' : 'active' }, trx);
      await this.d.auditLog.record({ ...by, action: 'takeover.replaced', resourceType: 'takeover', resourceId: takeoverId, metadata: { by: id } }, trx);
    }
    const [versions, connected] = await Promise.all([this.nextVersions(screens, trx), this.d.screensService.connectedAmong(screens)]);
    // A connected player is told at the commit; one that is not gets it when it comes back.
    await repo.insertStates(id, versions, connected, trx);
    await this.announce(id, versions, trx);
    this.d.consoleEvents.publish('takeover.changed', { takeoverId: id, status: 'active' }, trx);
    await this.d.auditLog.record(
      {
        ...by,
        action: 'takeover.activated',
        resourceType: 'takeover',
        resourceId: id,
        metadata: { name, playlistId: input.playlistId, screens: screens.length, expiresAt: input.expiresAt, origin: origin.kind, originRef: origin.ref },
      },
      trx,
    );
    return { id, screenIds: screens };
  }

  /** Ends these (locked, active) takeovers with `status`: their screens return to what they played before. */
  async finish(ids: string[], status: 'cancelled' | 'expired', reason: string, trx: Knex.Transaction, by: Actor): Promise<void> {
    for (const id of ids) {
      const screens = await this.d.takeoversRepository.end([id], status, reason, trx);
      await this.announce(id, await this.nextVersions(screens, trx), trx);
      this.d.consoleEvents.publish('takeover.changed', { takeoverId: id, status }, trx);
      await this.d.auditLog.record(
        { ...by, action: status === 'expired' ? 'takeover.expired' : 'takeover.cancelled', resourceType: 'takeover', resourceId: id, metadata: { reason } },
        trx,
      );
    }
  }

  /** The minute job: ends every takeover whose time is up, once across processes (rows locked, skipped by a concurrent run). */
  async expireDue(): Promise<number> {
    return this.d.db.transaction(async (trx) => {
      const due = await this.d.takeoversRepository.lockDue(trx);
      await this.finish(
        due.map((t) => t.id),
        'expired',
        'Expired',
        trx,
        SYSTEM,
      );
      return due.length;
    });
  }

  async checkExpiry(expiresAt: Date): Promise<void> {
    const maxMinutes = await this.d.settingsService.get<number>(MAX_DURATION_KEY);
    const left = expiresAt.getTime() - Date.now();
    if (!(left > 0) || left > maxMinutes * 60_000) throw durationExceeded(maxMinutes);
  }

  // Exists (held shared until `trx` ends, so its delete waits) and has something to play now.
  private async holdPlaylist(playlistId: string, trx: Knex.Transaction): Promise<void> {
    const ref = { contentType: 'playlist', contentId: playlistId };
    try {
      await this.d.contentKinds.check([ref], trx);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'not_found') throw playlistNotReady();
      throw err;
    }
    const content = await this.d.contentKinds.content(ref, new BuildMemo());
    if (!content?.playlist?.items.length) throw playlistNotReady();
  }

  /** The existing screens named and the members of the groups named, once each. */
  private async screensOf(screenIds: string[], groupIds: string[]): Promise<string[]> {
    const [named, members] = await Promise.all([this.d.screensService.namesOf(screenIds), this.d.screenGroups.membersOf(groupIds)]);
    return unique([...screenIds.filter((id) => named.has(id)), ...[...members.values()].flat()]);
  }

  // The version each screen's rebuild records (its content changes with the takeover), or a later one.
  private async nextVersions(screens: string[], trx: Knex.Transaction): Promise<Map<string, number>> {
    const current = await this.d.manifestVersionsOf(screens, trx);
    return new Map([...current].map(([screenId, version]) => [screenId, version + 1]));
  }

  /**
   * In `trx`: the screens' rebuild and `takeover.changed`, both carried by the commit. The message
   * goes out at the commit itself, the rebuild's `manifest.changed` once the rebuild is done: it
   * reaches each player first, as the reference's players expect.
   */
  private async announce(takeoverId: string, versions: Map<string, number>, trx: Knex.Transaction): Promise<void> {
    if (!versions.size) return;
    await this.d.contentSources.changed([...versions.keys()], trx);
    await this.d.playerMessages.sendEach(
      'takeover.changed',
      [...versions].map(([screenId, manifestVersion]) => ({ screenId, fields: { takeoverId, manifestVersion } })),
      trx,
    );
  }
}
