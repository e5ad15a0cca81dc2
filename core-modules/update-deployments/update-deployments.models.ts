import { TableModel } from '../../kernel/db/table-model.js';
import type { DeploymentRow, TargetRow } from './update-deployments.repository.js';

/** A row of `update_deployments`. */
export class DeploymentModel extends TableModel {
  static override tableName = 'update_deployments';
}
export interface DeploymentModel extends DeploymentRow {}

/** A row of `update_deployment_screens`: one screen's part in a deployment. */
export class DeploymentScreenModel extends TableModel {
  static override tableName = 'update_deployment_screens';
  static override idColumn = ['deployment_id', 'screen_id'];
}
export interface DeploymentScreenModel extends TargetRow {}
