import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { PresentationOverrideModel } from './presentation-overrides.models.js';

export type TargetType = 'screen' | 'group';

export interface OverrideRow {
  id: string;
  target_type: TargetType;
  target_id: string;
  content_type: string;
  content_id: string;
  duration_seconds: number;
  started_at: Date;
  expires_at: Date | null;
  after_action: 'resume';
  wake_display: boolean;
  created_by: string | null;
  stopped_at: Date | null;
  stop_reason: string;
}

export type OverrideValues = Omit<OverrideRow, 'id' | 'stopped_at' | 'stop_reason'>;

const LIST_LIMIT = 100;

/** The quick present sessions. One is running while it is neither stopped nor past its expiry. */
export class PresentationOverridesRepository {
  private readonly overrides: typeof PresentationOverrideModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.overrides = PresentationOverrideModel.bindKnex(db);
  }

  private running(trx?: Knex.Transaction) {
    return this.overrides
      .query(trx)
      .whereNull('stopped_at')
      .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', new Date()));
  }

  async insert(values: OverrideValues, trx: Knex.Transaction): Promise<string> {
    const row = (await this.overrides.query(trx).insert(values).returning('id')) as unknown as { id: string };
    return row.id;
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<OverrideRow | undefined> {
    return (await this.overrides.query(trx).findById(id)) as OverrideRow | undefined;
  }

  /** The running session, locked for update until `trx` ends. */
  async lockRunning(id: string, trx: Knex.Transaction): Promise<OverrideRow | undefined> {
    return (await this.running(trx).findById(id).forUpdate()) as OverrideRow | undefined;
  }

  /** Running sessions, newest first (the last 100). */
  async runningList(): Promise<OverrideRow[]> {
    return (await this.running()
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(LIST_LIMIT)) as OverrideRow[];
  }

  /** Running sessions targeting any of these screens or groups. */
  async runningOn(screenIds: string[], groupIds: string[], trx?: Knex.Transaction): Promise<OverrideRow[]> {
    if (!screenIds.length && !groupIds.length) return [];
    return (await this.running(trx).where((q) =>
      q
        .where((s) => s.where('target_type', 'screen').whereIn('target_id', screenIds))
        .orWhere((g) => g.where('target_type', 'group').whereIn('target_id', groupIds)),
    )) as OverrideRow[];
  }

  /** Running sessions playing any of these pieces of content. */
  async runningWith(contentType: string, contentIds: string[], trx?: Knex.Transaction): Promise<OverrideRow[]> {
    if (!contentIds.length) return [];
    return (await this.running(trx).where('content_type', contentType).whereIn('content_id', contentIds)) as OverrideRow[];
  }

  async stop(id: string, at: Date, reason: string, trx: Knex.Transaction): Promise<void> {
    await this.overrides
      .query(trx)
      .findById(id)
      .patch({ stopped_at: at, stop_reason: reason } as never);
  }

  /** Takes the sessions whose time is up and still unstopped, locking them (a concurrent run skips them). */
  async lockDue(trx: Knex.Transaction): Promise<OverrideRow[]> {
    return (await this.overrides
      .query(trx)
      .whereNull('stopped_at')
      .whereNotNull('expires_at')
      .where('expires_at', '<=', new Date())
      .forUpdate()
      .skipLocked()) as OverrideRow[];
  }
}
