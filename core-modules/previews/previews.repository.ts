import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { PreviewModel } from './previews.models.js';
import type { KernelDeps } from '../../kernel/kernel.js';

/** A row of `screen_previews`: the console's lease on a screen and the latest capture or failure. */
export interface PreviewRow {
  screen_id: string;
  lease_expires_at: Date;
  capture_requested_at: Date | null;
  attempted_at: Date | null;
  captured_at: Date | null;
  player_version: string | null;
  width: number | null;
  height: number | null;
  file_size: number | null;
  content_type: string | null;
  image: Buffer | null;
  failure_status: string | null;
  updated_at: Date;
}

/** What an upload replaces: an image with its facts, or a failure status with the rest cleared. */
export type Capture = Pick<PreviewRow, 'failure_status' | 'image' | 'content_type' | 'captured_at' | 'width' | 'height' | 'file_size'>;

/** The screen_previews table. The only place that queries it. */
export class PreviewsRepository {
  private readonly db: Knex;
  private readonly previews: typeof PreviewModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    // Taking the lease is one conditional upsert (SQL); the rest goes through the model.
    this.db = db;
    this.previews = PreviewModel.bindKnex(db);
  }

  /** Starts or renews the lease; `forceCapture` stamps a capture request. Returns the new expiry. */
  async renewLease(screenId: string, leaseSeconds: number, forceCapture: boolean): Promise<Date> {
    const { rows } = await this.db.raw<{ rows: { lease_expires_at: Date }[] }>(
      `INSERT INTO screen_previews (screen_id, lease_expires_at, capture_requested_at, updated_at)
       VALUES (?, now() + make_interval(secs => ?), CASE WHEN ? THEN now() END, now())
       ON CONFLICT (screen_id) DO UPDATE SET lease_expires_at = excluded.lease_expires_at,
         capture_requested_at = CASE WHEN ? THEN now() ELSE screen_previews.capture_requested_at END, updated_at = now()
       RETURNING lease_expires_at`,
      [screenId, leaseSeconds, forceCapture, forceCapture],
    );
    return rows[0]!.lease_expires_at;
  }

  /** The lease as the player reads it: active, and whether a capture was asked for since its last upload. */
  async lease(screenId: string): Promise<{ lease_expires_at: Date; active: boolean; capture_now: boolean } | undefined> {
    return this.previews
      .query()
      .findById(screenId)
      .select('lease_expires_at', raw('lease_expires_at > now() AS active'), raw(`capture_requested_at > coalesce(attempted_at, '-infinity') AS capture_now`))
      .castTo<{ lease_expires_at: Date; active: boolean; capture_now: boolean } | undefined>();
  }

  /** Replaces the capture while the lease is active; false when it is not. */
  async record(screenId: string, capture: Capture, playerVersion: string): Promise<boolean> {
    const updated = await this.previews
      .query()
      .findById(screenId)
      .where('lease_expires_at', '>', fn.now())
      .patch({ ...capture, player_version: playerVersion, attempted_at: fn.now(), updated_at: fn.now() });
    return updated > 0;
  }

  /** Everything but the image, with whether there is one and whether the lease is active. */
  async facts(screenId: string): Promise<(Omit<PreviewRow, 'image' | 'content_type'> & { has_image: boolean; active: boolean }) | undefined> {
    return this.previews
      .query()
      .findById(screenId)
      .select(
        'lease_expires_at',
        'captured_at',
        'player_version',
        'width',
        'height',
        'file_size',
        'failure_status',
        'updated_at',
        raw('image IS NOT NULL AS has_image'),
        raw('lease_expires_at > now() AS active'),
      )
      .castTo<(Omit<PreviewRow, 'image' | 'content_type'> & { has_image: boolean; active: boolean }) | undefined>();
  }

  async image(screenId: string): Promise<{ content_type: string; image: Buffer } | undefined> {
    return this.previews
      .query()
      .findById(screenId)
      .whereNotNull('image')
      .select('content_type', 'image')
      .castTo<{ content_type: string; image: Buffer } | undefined>();
  }
}
