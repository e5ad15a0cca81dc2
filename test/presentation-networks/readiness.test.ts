import { expect } from 'chai';
import type { ReportRow } from '../../core-modules/presentation-networks/networks.models.js';
import { readinessOf } from '../../core-modules/presentation-networks/readiness.js';

const network = { id: '0b6a2c1e-5d4f-4e3a-9b8c-7d6e5f4a3b2c', name: 'Staff', configRevision: 2 };
const report = (fields: Partial<ReportRow>) =>
  ({ supported: true, helper_state: 'ok', manager_available: true, wifi_adapter: true, state: 'pending', ...fields }) as ReportRow;
const statusOf = (fields: Partial<ReportRow>, assigned = true, platform = 'linux') =>
  readinessOf({ platform, network: assigned ? network : undefined, report: report(fields) }).status;

describe('presentation network readiness (pure)', () => {
  it('names what to fix first: platform, NetworkManager, the helper, the Wi-Fi adapter, then the assignment', () => {
    expect(statusOf({ manager_available: false }, true, 'android')).to.equal('not_applicable');
    expect(statusOf({ manager_available: false, helper_state: 'missing', wifi_adapter: false })).to.equal('network_manager_unavailable');
    expect(statusOf({ helper_state: 'missing', wifi_adapter: false })).to.equal('helper_missing');
    expect(statusOf({ helper_state: 'unhealthy' })).to.equal('helper_unhealthy');
    expect(statusOf({ helper_state: 'unsupported' })).to.equal('unsupported');
    expect(statusOf({ wifi_adapter: false }, false)).to.equal('wifi_adapter_unavailable');
    expect(statusOf({}, false)).to.equal('unassigned');
  });

  it('waits for what was never reported, and wants the current revision installed before calling it ready', () => {
    expect(readinessOf({ platform: 'Linux', network }).status).to.equal('reporting_pending');
    expect(statusOf({ supported: null })).to.equal('reporting_pending');
    expect(statusOf({ supported: false, limitation: 'No NetworkManager 1.30' })).to.equal('unsupported');
    expect(statusOf({ state: null })).to.equal('reporting_pending');
    expect(statusOf({ state: 'provisioned', installed_id: network.id, installed_revision: 1 })).to.equal('configuration_pending');
    expect(statusOf({ state: 'provisioned', installed_id: network.id, installed_revision: 2 })).to.equal('ready');
    expect(statusOf({ state: 'connected', active_id: network.id })).to.equal('connected');
    expect(readinessOf({ platform: 'linux', network, report: report({ state: 'failed', last_failure_code: 'dhcp_timeout' }) }).detail).to.contain(
      'did not receive an IP address',
    );
    expect(readinessOf({ platform: 'linux', network, report: report({ state: 'failed', last_failure_code: 'odd_code' }) }).detail).to.contain('(odd code)');
  });
});
