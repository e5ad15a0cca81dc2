import type { Knex } from 'knex';
import type { ReleaseUseCheck } from './player-releases.api.js';

/** The checks other modules register (deployments): a release one of them holds is not deleted. */
export class ReleaseUses {
  private readonly checks: ReleaseUseCheck[] = [];

  register(check: ReleaseUseCheck): void {
    this.checks.push(check);
  }

  async isUsed(releaseId: string, trx?: Knex.Transaction): Promise<boolean> {
    for (const check of this.checks) if (await check(releaseId, trx)) return true;
    return false;
  }

  async usedAmong(releaseIds: string[]): Promise<Set<string>> {
    const used = await Promise.all(releaseIds.map((id) => this.isUsed(id)));
    return new Set(releaseIds.filter((_, i) => used[i]));
  }
}
