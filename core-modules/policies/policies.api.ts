// The policies module's public face: what a settings transfer (the system module) reads and writes of player policies.
import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';
import type { PolicyScope } from './policies.models.js';

export type { PolicyScope };

/** A screen group's or a screen's policy as a transfer carries it. */
export interface PolicyEntry {
  scope: PolicyScope;
  targetId: string;
  priority: number;
  /** The stored revision; on a write, the one expected (0: none yet). */
  revision: number;
  values: Record<string, unknown>;
}

export interface PlayerPolicies {
  /** Every policy of `scope`, by target id. */
  all(scope: PolicyScope): Promise<PolicyEntry[]>;
  /**
   * Stores each entry's values in the caller's transaction, against its `revision`. Answers false,
   * having written part of them, when one changed since: the caller rolls back. Values must have
   * passed `policyIssues` (settings); the caller refreshes the screens' configuration after the commit.
   */
  writeImported(entries: PolicyEntry[], userId: string, trx: Knex.Transaction): Promise<boolean>;
}

export const playerPoliciesRef = exportRef<PlayerPolicies>('policies', 'playerPolicies');
