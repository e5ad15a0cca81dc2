import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { ReleaseCacheStatus, ReleasePlatform } from './player-releases.api.js';
import { CodehostStateModel, ReleaseModel, SignInFlowModel } from './player-releases.models.js';

export type VerificationStatus = 'verified_manifest' | 'verified' | 'failed';

export interface ReleaseRow {
  id: string;
  platform: ReleasePlatform;
  source: 'codehost' | 'upload';
  codehost_release_id: number | null;
  tag: string;
  channel: 'stable' | 'beta';
  version_code: number;
  version_name: string;
  release_notes: string;
  published_at: Date;
  artifact_name: string;
  artifact_size: number;
  artifact_sha256: string;
  application_id: string | null;
  minimum_sdk: number | null;
  signing_certificate_sha256: string | null;
  manifest_json: string;
  manifest_signature: string;
  artifact_url: string | null;
  cache_status: ReleaseCacheStatus;
  downloaded_bytes: number;
  verification_status: VerificationStatus;
  verification_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export type NewRelease = Omit<ReleaseRow, 'created_at' | 'updated_at' | 'downloaded_bytes' | 'verification_error'>;

export interface CodehostStateRow {
  last_checked_at: Date | null;
  provider_error: string | null;
  etag: string | null;
  token_sealed: string | null;
  login: string | null;
}

export interface SignInFlowRow {
  id: string;
  device_code_sealed: string;
  interval_seconds: number;
  expires_at: Date;
}

/**
 * A download that has not moved for this long is taken as stopped (its process died and its job
 * was lost): it may be started again, and the release deleted. A live one writes progress every 250 ms.
 */
const STALLED_DOWNLOAD_MS = 60 * 60_000;

export const downloadingNow = (row: ReleaseRow) => row.cache_status === 'downloading' && Date.now() - row.updated_at.getTime() < STALLED_DOWNLOAD_MS;

/** The player builds, the codehost catalog's state and its device sign-ins. */
export class ReleasesRepository {
  private readonly db: Knex;
  private readonly releases: typeof ReleaseModel;
  private readonly codehost: typeof CodehostStateModel;
  private readonly flows: typeof SignInFlowModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
    this.releases = ReleaseModel.bindKnex(db);
    this.codehost = CodehostStateModel.bindKnex(db);
    this.flows = SignInFlowModel.bindKnex(db);
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<ReleaseRow | undefined> {
    return (await this.releases.query(trx).findById(id)) as ReleaseRow | undefined;
  }

  /** Each platform's builds, newest version first. */
  async all(): Promise<ReleaseRow[]> {
    return (await this.releases.query().orderBy([{ column: 'platform' }, { column: 'version_code', order: 'desc' }])) as ReleaseRow[];
  }

  async count(): Promise<number> {
    const row = (await this.releases.query().count('* as n').first()) as unknown as { n: string | number };
    return Number(row.n);
  }

  /** The newest stable build of the platform that is verified and cached. */
  async newestInstallable(platform: ReleasePlatform, trx?: Knex.Transaction): Promise<ReleaseRow | undefined> {
    return (await this.releases
      .query(trx)
      .where({ platform, channel: 'stable', verification_status: 'verified', cache_status: 'cached' })
      .orderBy('version_code', 'desc')
      .first()) as ReleaseRow | undefined;
  }

  async byVersion(platform: ReleasePlatform, versionCode: number, trx?: Knex.Transaction): Promise<ReleaseRow | undefined> {
    return (await this.releases.query(trx).where({ platform, version_code: versionCode }).first()) as ReleaseRow | undefined;
  }

  async newestVersionCode(platform: ReleasePlatform, trx?: Knex.Transaction): Promise<number> {
    const row = (await this.releases.query(trx).where({ platform }).max('version_code as v').first()) as unknown as { v: number | null };
    return row.v ?? 0;
  }

  async insert(row: NewRelease, trx?: Knex.Transaction): Promise<void> {
    await this.releases.query(trx).insert(row);
  }

  /** Adds a codehost release unless that release, or a build of its platform and version, is already held. */
  async insertIfNew(row: NewRelease): Promise<boolean> {
    const inserted = await this.db('player_releases').insert(row).onConflict().ignore().returning('id');
    return inserted.length > 0;
  }

  /** Marks a codehost release as downloading if it can be (not uploaded, not cached, not downloading now); false if not. */
  async startCaching(id: string, trx?: Knex.Transaction): Promise<boolean> {
    const n = await this.releases
      .query(trx)
      .findById(id)
      .where('source', 'codehost')
      .whereIn('verification_status', ['verified_manifest', 'failed'])
      .where((q) => q.whereNot('cache_status', 'downloading').orWhere('updated_at', '<', new Date(Date.now() - STALLED_DOWNLOAD_MS)))
      .patch({ cache_status: 'downloading', downloaded_bytes: 0, verification_status: 'verified_manifest', verification_error: null, updated_at: new Date() });
    return n > 0;
  }

  async progress(id: string, downloadedBytes: number): Promise<void> {
    await this.releases.query().findById(id).where('cache_status', 'downloading').patch({ downloaded_bytes: downloadedBytes, updated_at: new Date() });
  }

  async cached(id: string, downloadedBytes: number): Promise<void> {
    await this.releases
      .query()
      .findById(id)
      .patch({ cache_status: 'cached', downloaded_bytes: downloadedBytes, verification_status: 'verified', verification_error: null, updated_at: new Date() });
  }

  async cacheFailed(id: string, message: string): Promise<void> {
    await this.releases
      .query()
      .findById(id)
      .patch({ cache_status: 'failed', verification_status: 'failed', verification_error: message.slice(0, 240), updated_at: new Date() });
  }

  /** Locks the row until `trx` ends, so a deployment being created and this delete do not cross. */
  async lock(id: string, trx: Knex.Transaction): Promise<ReleaseRow | undefined> {
    return (await this.releases.query(trx).findById(id).forUpdate()) as ReleaseRow | undefined;
  }

  async delete(id: string, trx?: Knex.Transaction): Promise<void> {
    await this.releases.query(trx).deleteById(id);
  }

  /** Releases added more than `days` ago, but not the newest installable build of their platform (which installers hand out). */
  async olderThan(days: number): Promise<ReleaseRow[]> {
    return (await this.releases
      .query()
      .where('created_at', '<', this.db.raw('now() - make_interval(days => ?)', [days]))
      .whereNotIn(
        'id',
        this.db('player_releases')
          .distinctOn('platform')
          .where({ channel: 'stable', verification_status: 'verified', cache_status: 'cached' })
          .orderBy([{ column: 'platform' }, { column: 'version_code', order: 'desc' }])
          .select('id'),
      )) as ReleaseRow[];
  }

  async codehostState(): Promise<CodehostStateRow | undefined> {
    return (await this.codehost.query().where('id', true).first()) as CodehostStateRow | undefined;
  }

  async saveCodehostState(values: Partial<CodehostStateRow>): Promise<void> {
    await this.db('player_release_codehost')
      .insert({ id: true, ...values, updated_at: new Date() })
      .onConflict('id')
      .merge({ ...values, updated_at: new Date() });
  }

  async insertFlow(row: SignInFlowRow): Promise<void> {
    await this.flows.query().insert(row);
  }

  async flow(id: string): Promise<SignInFlowRow | undefined> {
    return (await this.flows.query().findById(id)) as SignInFlowRow | undefined;
  }

  async deleteFlow(id: string): Promise<void> {
    await this.flows.query().deleteById(id);
  }

  /** Sign-ins that ran out a while ago: kept an hour so a late poll is told `expired`, not `invalid`. */
  async deleteStaleFlows(): Promise<number> {
    return this.flows.query().where('expires_at', '<', this.db.raw("now() - interval '1 hour'")).delete();
  }
}
