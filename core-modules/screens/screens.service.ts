import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { invalidInput, notFound } from '../../kernel/errors.js';
import { MAX_PAGE_SIZE } from '../../kernel/http/wire.js';
import { type PlaybackReport, playbackReport } from './playback-report.js';
import { playerFacts, type PlayerFacts } from './player-facts.js';
import { SCREEN_STATUSES, type ScreenStatus } from './screen-status.js';
import { playerHistoryView, screenView, type ScreenView } from './screen-view.js';
import type { ScreensCacheDeps } from './screens-cache-deps.js';

type Deps = Pick<
  ScreensCacheDeps,
  | 'db'
  | 'screensRepository'
  | 'locationsRepository'
  | 'playerHistoryRepository'
  | 'contactBuffer'
  | 'screensConfig'
  | 'auditLog'
  | 'screenTargets'
  | 'screenPlaces'
  | 'commandsRepository'
>;

export interface ScreenQuery {
  status?: ScreenStatus;
  locationId?: string;
  search?: string;
  page?: number;
  pageSize?: number;
}

export interface ScreenPatch {
  name?: string;
  description?: string;
  locationId?: string | null;
  roomName?: string;
  roomNumber?: string;
}

export const screenNotFound = () => notFound('screen_not_found', 'No such screen.');

/** Reading and describing screens. Status is derived on read, never stored. */
export class ScreensService {
  constructor(private readonly d: Deps) {}

  /** Screens per status, every status present (zero when none), plus the total. */
  async statusCounts(): Promise<Record<ScreenStatus | 'total', number>> {
    const counts = await this.d.screensRepository.countByStatus(this.d.screensConfig.presenceTtlSeconds);
    const byStatus = Object.fromEntries(SCREEN_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<ScreenStatus, number>;
    return { ...byStatus, total: Object.values(byStatus).reduce((a, b) => a + b, 0) };
  }

  async list(q: ScreenQuery) {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? MAX_PAGE_SIZE;
    const search = q.search?.trim();
    const { rows, total } = await this.d.screensRepository.list(
      { status: q.status, locationId: q.locationId, search: search || undefined, limit: pageSize, offset: (page - 1) * pageSize },
      this.d.screensConfig.presenceTtlSeconds,
    );
    const warnAt = this.d.screensConfig.clockSkewWarningSeconds;
    return { items: rows.map((r) => screenView(r, warnAt, this.d.contactBuffer.pendingContactAt(r.id))), total, page, pageSize };
  }

  /** Every screen's id, for a change that reaches the whole fleet (a setting every manifest follows). */
  ids(): Promise<string[]> {
    return this.d.screensRepository.ids();
  }

  /** Names by id, for modules that show screens they store ids of (missing ids are left out). */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.d.screensRepository.namesOf(ids)).map((r) => [r.id, r.name]));
  }

  /**
   * For group display control: each screen's access and the display control its player reported,
   * by name. Capabilities are checked here, as the players send them in any shape.
   */
  async controlFacts(
    ids: string[],
  ): Promise<{ id: string; name: string; enabled: boolean; hasActiveCredential: boolean; provider: string; capabilities: Record<string, string> }[]> {
    return (await this.d.screensRepository.controlFacts(ids)).map((r) => ({
      id: r.id,
      name: r.name,
      enabled: r.enabled,
      hasActiveCredential: r.has_active_credential,
      provider: typeof r.provider === 'string' ? r.provider : 'unsupported',
      capabilities:
        r.capabilities && typeof r.capabilities === 'object' && !Array.isArray(r.capabilities)
          ? Object.fromEntries(Object.entries(r.capabilities).filter((e): e is [string, string] => typeof e[1] === 'string'))
          : {},
    }));
  }

  /** The player platform of each of `ids` (`linux`, `android`, or "" before a player reported one). */
  /** Which of `ids` have a player connected right now (an open socket on a live process). */
  async connectedAmong(ids: string[]): Promise<Set<string>> {
    return new Set(await this.d.screensRepository.connectedAmong(ids, this.d.screensConfig.presenceTtlSeconds));
  }

  async platformsOf(ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.d.screensRepository.platformsOf(ids)).map((r) => [r.id, r.platform]));
  }

  /** What each of `ids`' player reported about itself, for what its manifest may contain. */
  async playersOf(ids: string[]): Promise<Map<string, PlayerFacts>> {
    const rows = await this.d.screensRepository.playerFactsOf(ids);
    return new Map(rows.map((r) => [r.id, playerFacts(r)]));
  }

  /** The last heartbeat of each of `ids` whose last heartbeat is at most `withinSeconds` old, as its player sent it. */
  async recentHeartbeats(ids: string[], withinSeconds: number): Promise<Map<string, Record<string, unknown>>> {
    return new Map((await this.d.screensRepository.recentHeartbeats(ids, withinSeconds)).map((r) => [r.screen_id, r.heartbeat]));
  }

  /** Fleet health: commands waiting for players, on every screen. */
  openCommands(): Promise<number> {
    return this.d.commandsRepository.countOpenEverywhere();
  }

  /** What the screen's player last reported of its playback. */
  async playbackReport(id: string): Promise<PlaybackReport> {
    const row = await this.d.screensRepository.find(id, this.d.screensConfig.presenceTtlSeconds);
    if (!row) throw screenNotFound();
    return playbackReport(row, this.d.screensConfig.clockSkewWarningSeconds);
  }

  async get(id: string): Promise<ScreenView> {
    const row = await this.d.screensRepository.find(id, this.d.screensConfig.presenceTtlSeconds);
    if (!row) throw screenNotFound();
    return screenView(row, this.d.screensConfig.clockSkewWarningSeconds, this.d.contactBuffer.pendingContactAt(id));
  }

  async update(actor: ConsolePrincipal, id: string, patch: ScreenPatch, ip: string): Promise<ScreenView> {
    const name = patch.name?.trim();
    if (name !== undefined && (name.length < 2 || name.length > 120))
      throw invalidInput('validation_failed', 'A screen name has 2 to 120 characters.', 'body/name');
    if (patch.locationId && !(await this.d.locationsRepository.exists(patch.locationId))) {
      throw invalidInput('location_not_found', 'No such location.', 'body/locationId');
    }
    const values = Object.fromEntries(
      Object.entries({
        name,
        description: patch.description?.trim(),
        location_id: patch.locationId,
        room_name: patch.roomName?.trim(),
        room_number: patch.roomNumber?.trim(),
      }).filter(([, v]) => v !== undefined),
    );
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.screensRepository.update(id, values, trx))) throw screenNotFound();
      await this.d.auditLog.record(
        { action: 'screen.updated', actor, ip, resourceType: 'screen', resourceId: id, metadata: { fields: Object.keys(values) } },
        trx,
      );
      // Targets by location may reach it now or no more; its config names where it is.
      if (patch.locationId !== undefined) await this.d.screenTargets.moved.emit([id], trx);
      if (['location_id', 'room_name', 'room_number'].some((k) => k in values)) await this.d.screenPlaces.changed.emit([id], trx);
    });
    return this.get(id);
  }

  async playerHistory(id: string) {
    if (!(await this.d.screensRepository.exists(id))) throw screenNotFound();
    const items = (await this.d.playerHistoryRepository.list(id)).map(playerHistoryView);
    return { items, total: items.length };
  }
}
