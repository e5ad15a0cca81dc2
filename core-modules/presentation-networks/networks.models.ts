import { TableModel } from '../../kernel/db/table-model.js';
import type { AuthMetadata, Security } from './network-input.js';

export interface NetworkRow {
  id: string;
  name: string;
  ssid: string;
  hidden: boolean;
  security: Security;
  auth_metadata: AuthMetadata;
  /** The credential sealed under PRESENTATION_NETWORK_KEY: read only to open it for the assigned player. */
  secret_sealed: string | null;
  secret_updated_at: Date | null;
  config_revision: number;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A row of `presentation_networks`. */
export class NetworkModel extends TableModel {
  static override tableName = 'presentation_networks';
}
export interface NetworkModel extends NetworkRow {}

export interface AssignmentRow {
  screen_id: string;
  presentation_network_id: string;
  assigned_by: string | null;
  assigned_at: Date;
}

/** A row of `presentation_network_screens`: the one network a screen joins. */
export class AssignmentModel extends TableModel {
  static override tableName = 'presentation_network_screens';
  static override idColumn = 'screen_id';
}
export interface AssignmentModel extends AssignmentRow {}

/** What a player last reported of its Wi-Fi helper and connection, each field as last reported. */
export interface ReportRow {
  screen_id: string;
  supported: boolean | null;
  helper_state: string | null;
  manager_available: boolean | null;
  wifi_adapter: boolean | null;
  radio_enabled: boolean | null;
  state: string | null;
  installed_id: string | null;
  installed_revision: number | null;
  active_id: string | null;
  last_connected_at: Date | null;
  last_failure_at: Date | null;
  last_failure_code: string | null;
  limitation: string | null;
  wired_interface_available: boolean | null;
  wired_ipv4: string | null;
  updated_at: Date;
}

/** A row of `presentation_network_reports`. */
export class ReportModel extends TableModel {
  static override tableName = 'presentation_network_reports';
  static override idColumn = 'screen_id';
}
export interface ReportModel extends ReportRow {}
