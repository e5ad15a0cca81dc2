import { createHash } from 'node:crypto';
import type { SettingValue } from '../settings/settings.api.js';
import { CONFIG_SCHEMA_VERSION, CONFIG_SOURCE_KEYS, configBody, type ConfigBody } from './player-config.js';
import type { PlayerBaseDeps } from './player-base-deps.js';

/** Frozen job name: queued jobs carry it. */
export const RESEND_CONFIG_JOB = 'player.resend-config';

export const configEtag = (screenId: string, revision: number) => `"config-${screenId}-${revision}"`;

// Revisions are PostgreSQL integers: a claimed one beyond this is not believed.
const MAX_HELD_REVISION = 2 ** 30;

/** The revision an `If-None-Match` of this screen's config names; 0 when it names none (or one past belief). */
export function heldConfigRevision(screenId: string, ifNoneMatch: string | undefined): number {
  const prefix = `"config-${screenId}-`;
  if (!ifNoneMatch?.startsWith(prefix) || !ifNoneMatch.endsWith('"')) return 0;
  const digits = ifNoneMatch.slice(prefix.length, -1);
  if (!/^\d{1,10}$/.test(digits)) return 0;
  const revision = Number(digits);
  return revision <= MAX_HELD_REVISION ? revision : 0;
}

const hashOf = (body: ConfigBody & Sections) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

type Deps = Pick<
  PlayerBaseDeps,
  'playerStateRepository' | 'settingsService' | 'screenPlaces' | 'playerMessages' | 'db' | 'organization' | 'configSections' | 'screensService' | 'jobs'
>;
type Sections = Record<string, unknown>;

/** Per-screen values over the organization's (player policies), from the module that owns them. */
export interface ConfigOverrides {
  /** The values each of `screenIds` (every screen when omitted) overrides; screens with none are left out. */
  valuesFor(screenIds?: string[]): Promise<Map<string, Record<string, SettingValue>>>;
}

/**
 * The per-screen player configuration and its revision, which moves only when the body changes.
 * Exported as `playerConfig`: a module with per-screen values plugs them in (setting overrides, or
 * a section of its own with `addSection`) and calls `refresh` once its change committed.
 */
export class PlayerConfigService {
  private overrides?: ConfigOverrides;

  constructor(private readonly d: Deps) {}

  useOverrides(overrides: ConfigOverrides): void {
    this.overrides = overrides;
  }

  /**
   * `heldRevision`: the revision the player says it holds (its If-None-Match). One above what is
   * stored here (this server's data was restored from an older backup, or moved to a new machine)
   * moves the stored revision past it: a player never takes a revision lower than the one it holds.
   */
  async config(screenId: string, heldRevision = 0) {
    const [source, labels, overrides, sections] = await Promise.all([
      this.source(),
      this.d.screenPlaces.labels([screenId]),
      this.overridesFor([screenId]),
      this.d.configSections.valuesFor([screenId]),
    ]);
    const body = {
      ...configBody({ ...source.values, ...overrides.get(screenId) }, source.organizationName, labels.get(screenId) ?? ''),
      ...sections.get(screenId),
    };
    const { version } = await this.d.playerStateRepository.record('config', screenId, hashOf(body), undefined, heldRevision);
    return { schemaVersion: CONFIG_SCHEMA_VERSION, configRevision: version, generatedAt: new Date().toISOString(), ...body };
  }

  /**
   * After something the config shows changed, for the given screens or every screen: the screens
   * whose body changed get a new revision, pushed as `config.changed`.
   */
  async refresh(screenIds?: string[]): Promise<void> {
    const [source, labels, overrides] = await Promise.all([this.source(), this.d.screenPlaces.labels(screenIds), this.overridesFor(screenIds)]);
    const sections = await this.d.configSections.valuesFor([...labels.keys()]);
    const hashes = new Map(
      [...labels].map(([screenId, label]) => [
        screenId,
        hashOf({ ...configBody({ ...source.values, ...overrides.get(screenId) }, source.organizationName, label), ...sections.get(screenId) }),
      ]),
    );
    // One transaction: a revision moves if and only if its push goes out (at commit).
    await this.d.db.transaction(async (trx) => {
      const bumped = await this.d.playerStateRepository.recordMany('config', hashes, trx);
      await this.d.playerMessages.sendEach(
        'config.changed',
        bumped.map((b) => ({ screenId: b.screenId, fields: { configRevision: b.version } })),
        trx,
      );
    });
  }

  /** Queues `resendAll` (an operator's reconcile): it runs on a worker. */
  async requestResend(): Promise<void> {
    await this.d.jobs.send(RESEND_CONFIG_JOB, {});
  }

  /**
   * Brings every screen's revision up to date, then tells every screen its revision again, changed
   * or not: a player that missed a push (or kept a stale copy) fetches what it lacks.
   */
  async resendAll(): Promise<void> {
    await this.refresh();
    const revisions = await this.d.playerStateRepository.currentMany('config', await this.d.screensService.ids());
    const entries = [...revisions].filter(([, revision]) => revision > 0).map(([screenId, revision]) => ({ screenId, fields: { configRevision: revision } }));
    await this.d.playerMessages.sendEach('config.changed', entries);
  }

  /** The screen's configuration revision (0 before its first). */
  revision(screenId: string): Promise<number> {
    return this.d.playerStateRepository.current('config', screenId);
  }

  private overridesFor(screenIds?: string[]) {
    return this.overrides?.valuesFor(screenIds) ?? Promise.resolve(new Map<string, Record<string, SettingValue>>());
  }

  private async source() {
    const [values, organization] = await Promise.all([this.d.settingsService.values(CONFIG_SOURCE_KEYS), this.d.organization.get()]);
    return { values, organizationName: organization.name ?? '' };
  }
}
