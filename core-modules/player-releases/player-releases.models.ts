import { TableModel } from '../../kernel/db/table-model.js';
import type { CodehostStateRow, ReleaseRow, SignInFlowRow } from './releases.repository.js';

/** A row of `player_releases`: one player build. */
export class ReleaseModel extends TableModel {
  static override tableName = 'player_releases';
}
export interface ReleaseModel extends ReleaseRow {}

/** The one row of `player_release_codehost`. */
export class CodehostStateModel extends TableModel {
  static override tableName = 'player_release_codehost';
}
export interface CodehostStateModel extends CodehostStateRow {}

/** A row of `player_release_sign_in_flows`: a device sign-in under way. */
export class SignInFlowModel extends TableModel {
  static override tableName = 'player_release_sign_in_flows';
}
export interface SignInFlowModel extends SignInFlowRow {}
