// The takeovers module's public face: how other modules (weather alerts) raise and end takeovers.
import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';

/** What raised a takeover, shown in the console and the audit log. */
export interface TakeoverOrigin {
  /** `console` for a person; a plugin's own word otherwise (`weather_alert`). */
  kind: string;
  /** The raiser's reference for it (`<ruleId>:<alertId>`), at most 200 characters. */
  ref?: string;
}

export interface TakeoverStart {
  /** 1–180 characters. */
  name: string;
  /** At most 2,000 characters. */
  description?: string;
  /** A ready, non-empty playlist (422 `takeover_playlist_not_ready` otherwise). */
  playlistId: string;
  /** Together with `groupIds`, 1–250 targets (422 `takeover_target_required`). */
  screenIds: string[];
  groupIds: string[];
  /** In the future and within `takeover.max_duration_minutes` (422 `takeover_duration_exceeded`). */
  expiresAt: Date;
  origin: TakeoverOrigin;
  /** The user raising it, if a person did. */
  createdBy?: string | null;
}

export interface Takeovers {
  /**
   * Starts a takeover inside the caller's transaction (the route's checks, without the password):
   * its rows, the rebuild of its screens' manifests and the players' `takeover.changed` all go out
   * at that transaction's commit, and nothing does after a rollback. Screens another takeover holds
   * move to this one. Answers its id and the screens it took.
   */
  start(input: TakeoverStart, trx: Knex.Transaction): Promise<{ id: string; screenIds: string[] }>;
  /** Ends it as cancelled with `reason`, inside the caller's transaction; nothing if it already ended or does not exist. */
  end(id: string, reason: string, trx: Knex.Transaction): Promise<void>;
  /**
   * Moves a running takeover's expiry (an alert updated with a new end), within the configured
   * maximum from now (422 `takeover_duration_exceeded`); nothing if it already ended.
   */
  extend(id: string, expiresAt: Date, trx: Knex.Transaction): Promise<void>;
  /** Those of these takeovers still active (not cancelled by a person, replaced or expired). */
  activeAmong(ids: string[], trx?: Knex.Transaction): Promise<Set<string>>;
  /** Those of these screens an active takeover holds now (quick present refuses them). */
  screensHeld(screenIds: string[], trx?: Knex.Transaction): Promise<string[]>;
}

export const takeoversRef = exportRef<Takeovers>('takeovers', 'takeovers');
