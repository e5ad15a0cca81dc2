import { deploymentNotFound } from './update-deployment-errors.js';
import { type DeploymentDetail, type DeploymentView, deploymentScreenView, deploymentView } from './update-deployment-view.js';
import type { UpdateDeploymentsBaseDeps } from './update-deployments-base-deps.js';
import type { DeploymentRow } from './update-deployments.repository.js';
import type { UpdateRollout } from './update-rollout.js';

type Deps = Pick<UpdateDeploymentsBaseDeps, 'updateDeploymentsRepository' | 'screenDirectory'> & { updateRollout: UpdateRollout };

/**
 * Deployments as the console reads them, with their per-screen counts and, in detail, each screen.
 * The list and the detail reconcile first (`UpdateRollout.reconcile`), as the reference's do.
 */
export class DeploymentViews {
  constructor(private readonly d: Deps) {}

  async list(): Promise<{ items: DeploymentView[]; total: number }> {
    await this.d.updateRollout.reconcile();
    const items = await this.views(await this.d.updateDeploymentsRepository.recent());
    return { items, total: items.length };
  }

  async one(id: string): Promise<DeploymentView> {
    const row = await this.d.updateDeploymentsRepository.byId(id);
    if (!row) throw deploymentNotFound();
    return (await this.views([row]))[0]!;
  }

  async detail(id: string): Promise<DeploymentDetail> {
    await this.d.updateRollout.reconcile();
    const row = await this.d.updateDeploymentsRepository.byId(id);
    if (!row) throw deploymentNotFound();
    const targets = await this.d.updateDeploymentsRepository.targetsOf(id);
    const names = await this.d.screenDirectory.namesOf(targets.map((t) => t.screen_id));
    const screens = targets
      .map((t) => deploymentScreenView(t, names.get(t.screen_id) ?? ''))
      .sort((a, b) => a.screenName.localeCompare(b.screenName) || a.screenId.localeCompare(b.screenId));
    return { ...(await this.views([row]))[0]!, artifactSizeBytes: Number(row.artifact_size_bytes), screens };
  }

  private async views(rows: DeploymentRow[]): Promise<DeploymentView[]> {
    const counts = await this.d.updateDeploymentsRepository.countsOf(rows.map((r) => r.id));
    return rows.map((r) => deploymentView(r, counts.get(r.id)));
  }
}
