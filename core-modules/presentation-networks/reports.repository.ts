import type { KernelDeps } from '../../kernel/kernel.js';
import type { NetworkReport } from './heartbeat-report.js';
import { ReportModel, type ReportRow } from './networks.models.js';

/**
 * How a report merges into what is stored. Most facts keep their last reported value. The installed
 * and active networks (and the failure code) are replaced whenever the player reports its state at
 * all: a player that just removed an obsolete profile reports none, and keeping the old one would
 * show a profile that is gone. The limitation follows the capability report the same way, and the
 * wired address goes when the player says it has no wired interface.
 */
const MERGED: Record<string, string> = {
  supported: 'COALESCE(EXCLUDED.supported, r.supported)',
  helper_state: 'COALESCE(EXCLUDED.helper_state, r.helper_state)',
  manager_available: 'COALESCE(EXCLUDED.manager_available, r.manager_available)',
  wifi_adapter: 'COALESCE(EXCLUDED.wifi_adapter, r.wifi_adapter)',
  radio_enabled: 'COALESCE(EXCLUDED.radio_enabled, r.radio_enabled)',
  state: 'COALESCE(EXCLUDED.state, r.state)',
  installed_id: 'CASE WHEN EXCLUDED.state IS NOT NULL THEN EXCLUDED.installed_id ELSE r.installed_id END',
  installed_revision: 'CASE WHEN EXCLUDED.state IS NOT NULL THEN EXCLUDED.installed_revision ELSE r.installed_revision END',
  active_id: 'CASE WHEN EXCLUDED.state IS NOT NULL THEN EXCLUDED.active_id ELSE r.active_id END',
  last_connected_at: 'COALESCE(EXCLUDED.last_connected_at, r.last_connected_at)',
  last_failure_at: 'COALESCE(EXCLUDED.last_failure_at, r.last_failure_at)',
  last_failure_code: 'CASE WHEN EXCLUDED.state IS NOT NULL THEN EXCLUDED.last_failure_code ELSE r.last_failure_code END',
  limitation: 'CASE WHEN EXCLUDED.supported IS NOT NULL THEN EXCLUDED.limitation ELSE r.limitation END',
  wired_interface_available: 'COALESCE(EXCLUDED.wired_interface_available, r.wired_interface_available)',
  wired_ipv4:
    'CASE WHEN EXCLUDED.wired_ipv4 IS NOT NULL THEN EXCLUDED.wired_ipv4 WHEN EXCLUDED.wired_interface_available = false THEN NULL ELSE r.wired_ipv4 END',
};
const COLUMNS = Object.keys(MERGED);
// Written only when something changed: a steady player's heartbeats cost a read, not a row version each.
const UPSERT = `INSERT INTO presentation_network_reports AS r (screen_id, ${COLUMNS.join(', ')}) VALUES (${['?', ...COLUMNS.map(() => '?')].join(', ')})
  ON CONFLICT (screen_id) DO UPDATE SET ${COLUMNS.map((c) => `${c} = ${MERGED[c]}`).join(', ')}, updated_at = now()
  WHERE (${COLUMNS.map((c) => `r.${c}`).join(', ')}) IS DISTINCT FROM (${COLUMNS.map((c) => MERGED[c]).join(', ')})`;

/** The presentation_network_reports table. The only place that queries it. */
export class ReportsRepository {
  private readonly reports: typeof ReportModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.reports = ReportModel.bindKnex(db);
  }

  async record(screenId: string, r: NetworkReport): Promise<void> {
    const stated = r.state !== undefined;
    const values: Record<string, unknown> = {
      supported: r.supported,
      helper_state: r.helperState,
      manager_available: r.managerAvailable,
      wifi_adapter: r.wifiAdapter,
      radio_enabled: r.radioEnabled,
      state: r.state,
      installed_id: stated ? r.installedId : undefined,
      installed_revision: stated ? r.installedRevision : undefined,
      active_id: stated ? r.activeId : undefined,
      last_connected_at: r.lastConnectedAt,
      last_failure_at: r.lastFailureAt,
      last_failure_code: r.state === 'failed' ? r.lastFailureCode : undefined,
      limitation: r.supported !== undefined ? r.limitation : undefined,
      wired_interface_available: r.wiredInterfaceAvailable,
      wired_ipv4: r.wiredIpv4,
    };
    await this.reports.knex().raw(UPSERT, [screenId, ...COLUMNS.map((c) => (values[c] ?? null) as string | number | boolean | Date | null)]);
  }

  async of(screenId: string): Promise<ReportRow | undefined> {
    return this.reports.query().findById(screenId);
  }
}
