import type { Knex } from 'knex';

/** Refuses (throws) a screen joining a group, inside the joining transaction. */
export type MembershipGuard = (groupId: string, screenId: string, trx: Knex.Transaction) => Promise<void>;

/**
 * What a screen must satisfy to join a group, from the modules that give groups something a member
 * must be able to take (schedules: display control, which only Linux players run). Exported as
 * `groupMembershipGuards`.
 */
export class MembershipGuards {
  private readonly guards: MembershipGuard[] = [];

  register(guard: MembershipGuard): void {
    this.guards.push(guard);
  }

  async check(groupId: string, screenId: string, trx: Knex.Transaction): Promise<void> {
    for (const guard of this.guards) await guard(groupId, screenId, trx);
  }
}
