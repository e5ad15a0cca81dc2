import type { Knex } from 'knex';
import type { Principal } from './auth/principal.js';

export interface AuditEntry {
  /** Dotted action name: `auth.login`, `user.deactivated`, `screen.revoked`, … */
  action: string;
  actor?: Principal | { kind: 'system' };
  resourceType?: string;
  resourceId?: string;
  ip?: string;
  metadata?: Record<string, unknown>;
}

// Metadata is for context (old and new names, counts), never for credentials.
const SECRET_KEY = /pass(word)?|secret|token|code|hash|key|cookie|credential/i;

function safe(metadata: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(metadata).filter(([k]) => !SECRET_KEY.test(k)));
}

function actorOf(actor: AuditEntry['actor']): { kind: string; id?: string } {
  switch (actor?.kind) {
    case 'console':
      return { kind: 'console', id: actor.userId };
    case 'player':
      return { kind: 'player', id: actor.screenId };
    case 'integration':
      return { kind: 'integration', id: actor.tokenId };
    default:
      return { kind: 'system' };
  }
}

/** Who did what, when, from where. Every module writes here; a daily job trims old entries. */
export class AuditLog {
  constructor(private readonly db: Knex) {}

  async record(entry: AuditEntry, trx?: Knex.Transaction): Promise<void> {
    const actor = actorOf(entry.actor);
    await (trx ?? this.db)('audit_log').insert({
      actor_kind: actor.kind,
      actor_id: actor.id ?? null,
      action: entry.action,
      resource_type: entry.resourceType ?? null,
      resource_id: entry.resourceId ?? null,
      ip: entry.ip ?? null,
      metadata: safe(entry.metadata),
    });
  }

  async purgeOlderThan(days: number): Promise<number> {
    return this.db('audit_log')
      .where('occurred_at', '<', this.db.raw(`now() - make_interval(days => ?)`, [days]))
      .delete();
  }
}
