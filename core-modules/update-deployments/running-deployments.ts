import type { Knex } from 'knex';
import { HubCopy } from '../../kernel/hub-copy.js';
import type { UpdateDeploymentsBaseDeps } from './update-deployments-base-deps.js';

type Deps = Pick<UpdateDeploymentsBaseDeps, 'hub' | 'updateDeploymentsRepository'>;

/**
 * Whether any deployment is running, kept in each process so that a heartbeat of an idle fleet (no
 * deployment running: nearly always) settles nothing without asking the database. Whatever creates
 * a deployment or changes its status calls `changed` in its transaction, and every process drops
 * its copy when that commits. A heartbeat that lands between a commit and the announcement's
 * arrival in another process is not lost for good: the next heartbeat, or the reconciliation a
 * console's read runs, settles what it would have.
 */
export class RunningDeployments {
  private readonly copy: HubCopy<boolean>;

  constructor(private readonly d: Deps) {
    this.copy = new HubCopy(d.hub, 'update-deployments:running');
  }

  any(): Promise<boolean> {
    return this.copy.get(() => this.d.updateDeploymentsRepository.anyRunning());
  }

  changed(trx: Knex.Transaction): Promise<void> {
    return this.copy.changed(trx);
  }
}
