import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import {
  PresentationNetwork,
  PresentationNetworkAssignment,
  PresentationNetworkDetail,
  PresentationNetworkList,
  PresentationNetworkReadiness,
  PresentationNetworkTestResult,
} from '../fixtures/console-types/presentation-networks.js';
import { consoleCall, resetRateLimits, setUpOwner, type ApiResponse, type ConsoleSession } from '../support/console-client.js';
import { expectConsoleShape } from '../support/console-contract.js';
import { sessionsByRole } from '../support/library-assets.js';
import { deviceMetadata, openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

const KEY = randomBytes(32).toString('hex');
const BASE = '/api/v1/presentation-networks';
// Distinct from everything else a test sends, so finding one anywhere means it leaked.
const PSK = 'staff-psk-7f3c9a1e';
const ROTATED_PSK = 'rotated-psk-5b2d8e40';
const EAP_PASSWORD = 'eap-password-c41f0b97';
const SECRETS = [PSK, ROTATED_PSK, EAP_PASSWORD];
const CA = `-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ2Vy\ndGlmaWNhdGU=\n-----END CERTIFICATE-----`;

describe('presentation networks', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let viewer: ConsoleSession;
  let lobby: PairedScreen;
  let hall: PairedScreen;
  let tablet: PairedScreen;
  let lobbySocket: PlayerSocket;
  let staff: { id: string; configRevision: number };
  /** Every console answer's text, searched for secrets at the end. */
  const seen: string[] = [];

  const api = async (method: string, path: string, body?: unknown, by = owner): Promise<ApiResponse> => {
    const res = await consoleCall(k, by, method, path, body);
    seen.push(JSON.stringify(res.body ?? null));
    return res;
  };
  const asPlayer = (screen: PairedScreen, method: string, path: string, body?: unknown) => playerCall(k, screen.credential, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const config = async (screen: PairedScreen) => (await asPlayer(screen, 'GET', '/api/v1/player/config')).body.data;
  const readiness = async (screen: PairedScreen) => (await api('GET', `/api/v1/screens/${screen.screenId}/presentation-network`)).body.data;
  const heartbeat = (screen: PairedScreen, fields: Record<string, unknown>) => asPlayer(screen, 'POST', '/api/v1/player/heartbeat', fields);
  const count = async (table = 'presentation_networks') => Number((await k.db(table).count({ n: '*' }))[0]!.n);

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { PRESENTATION_NETWORK_KEY: KEY } });
    owner = await setUpOwner(k);
    ({ viewer } = await sessionsByRole(k, owner, ['viewer']));
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    hall = await pairScreen(k, owner, { name: 'Hall' });
    tablet = await pairScreen(k, owner, { name: 'Tablet', metadata: deviceMetadata({ platform: 'android' }) });
    lobbySocket = await openPlayerSocket(k, lobby.credential);
  });
  after(async () => {
    lobbySocket?.ws.close();
    await k?.stop();
  });
  beforeEach(() => resetRateLimits(k));

  it('creates a network with a write-only credential and lists it with credentialSet only', async () => {
    const created = await api('POST', BASE, { name: '  Staff   Wi-Fi ', ssid: ' Staff ', security: 'wpa_psk', secret: PSK, hidden: true });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.data).to.deep.include({
      name: 'Staff Wi-Fi',
      ssid: 'Staff',
      hidden: true,
      security: 'wpa_psk',
      securityLabel: 'WPA2/WPA3 Personal (PSK)',
      auth: {},
      credentialSet: true,
      configRevision: 1,
      assignedScreens: 0,
    });
    expect(created.body.data).to.not.have.property('secret');
    staff = created.body.data;

    const list = await api('GET', BASE);
    expect(list.status).to.equal(200);
    expect(list.body.data.items.map((n: { id: string }) => n.id)).to.deep.equal([staff.id]);
    expect(list.body.data).to.deep.include({ credentialsAvailable: true, credentialsUnavailableReason: '' });
    expect(list.body.data.supportedSecurity.map((o: { value: string }) => o.value)).to.deep.equal(['wpa_psk', 'wpa_eap_peap_mschapv2']);
    const detail = await api('GET', `${BASE}/${staff.id}`);
    expect(detail.body.data).to.deep.equal({ network: list.body.data.items[0], assignments: [] });
    expectConsoleShape(created.body.data, PresentationNetwork, 'a created network');
    expectConsoleShape(list.body.data, PresentationNetworkList, 'the list');
    expect(errorOf(await api('GET', `${BASE}/${randomUUID()}`))).to.deep.equal([404, 'presentation_network_not_found']);
  });

  it('creates an Enterprise network with its 802.1X details, and refuses what breaks a rule, storing nothing', async () => {
    const eap = await api('POST', BASE, {
      name: 'District staff',
      ssid: 'District',
      security: 'wpa_eap_peap_mschapv2',
      secret: EAP_PASSWORD,
      identity: 'svc-signage@district.example',
      caCertificatePem: CA,
      domainSuffixMatch: 'Radius.District.Example',
    });
    expect(eap.status, JSON.stringify(eap.body)).to.equal(201);
    expect(eap.body.data.auth).to.deep.equal({
      identity: 'svc-signage@district.example',
      caCertificatePem: `${CA}\n`,
      domainSuffixMatch: 'radius.district.example',
    });

    const before = await count();
    const refused: [Record<string, unknown>, string][] = [
      [{ name: 'Short', ssid: 'S', security: 'wpa_psk', secret: 'short' }, 'body/secret'],
      [{ name: 'Missing', ssid: 'S', security: 'wpa_psk' }, 'body/secret'],
      [{ name: 'Unicode', ssid: 'Café', security: 'wpa_psk', secret: PSK }, 'body/ssid'],
      [{ name: 'Long', ssid: 'x'.repeat(33), security: 'wpa_psk', secret: PSK }, 'body/ssid'],
      [{ name: '   ', ssid: 'S', security: 'wpa_psk', secret: PSK }, 'body/name'],
      [{ name: 'No identity', ssid: 'S', security: 'wpa_eap_peap_mschapv2', secret: EAP_PASSWORD }, 'body/identity'],
      [
        { name: 'No CA', ssid: 'S', security: 'wpa_eap_peap_mschapv2', secret: EAP_PASSWORD, identity: 'u', domainSuffixMatch: 'r.example' },
        'body/domainSuffixMatch',
      ],
      [
        {
          name: 'Key',
          ssid: 'S',
          security: 'wpa_eap_peap_mschapv2',
          secret: EAP_PASSWORD,
          identity: 'u',
          caCertificatePem: `${CA}\n-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----`,
        },
        'body/caCertificatePem',
      ],
      [{ name: 'Newline', ssid: 'S', security: 'wpa_psk', secret: `${PSK}\nkey=x` }, 'body/secret'],
    ];
    for (const [body, field] of refused) {
      const res = await api('POST', BASE, body);
      expect(errorOf(res), JSON.stringify(body)).to.deep.equal([422, 'presentation_network_invalid']);
      expect(res.body.error.details.fields[0].field).to.equal(field);
    }
    expect(errorOf(await api('POST', BASE, { name: 'x', ssid: 'S', security: 'wep', secret: PSK }))[0]).to.equal(422);
    expect(errorOf(await api('POST', BASE, { name: 'STAFF wi-fi', ssid: 'Other', security: 'wpa_psk', secret: PSK }))).to.deep.equal([
      409,
      'presentation_network_name_taken',
    ]);
    expect(errorOf(await api('POST', BASE, { name: 'Viewer', ssid: 'S', security: 'wpa_psk', secret: PSK }, viewer))[0]).to.equal(403);
    expect(await count()).to.equal(before);
  });

  it('moves the revision only for what players provision from; a left-out credential stays, a new one replaces it', async () => {
    const path = `${BASE}/${staff.id}`;
    const renamed = await api('PATCH', path, { name: 'Staff network' });
    expect(renamed.status, JSON.stringify(renamed.body)).to.equal(200);
    expect(renamed.body.data).to.deep.include({ name: 'Staff network', ssid: 'Staff', hidden: true, credentialSet: true, configRevision: 1 });

    const moved = await api('PATCH', path, { ssid: 'Staff-5G', hidden: false });
    expect(moved.body.data).to.deep.include({ ssid: 'Staff-5G', hidden: false, configRevision: 2 });

    const stored = await k.db('presentation_networks').where({ id: staff.id }).first();
    const rotated = await api('PATCH', path, { secret: ROTATED_PSK });
    expect(rotated.body.data.configRevision).to.equal(3);
    const after = await k.db('presentation_networks').where({ id: staff.id }).first();
    expect(after.secret_sealed).to.not.equal(stored.secret_sealed);

    expect(errorOf(await api('PATCH', path, { security: 'wpa_eap_peap_mschapv2', identity: 'u' }))).to.deep.equal([422, 'presentation_network_invalid']);
    expect(errorOf(await api('PATCH', path, { secret: '' }))).to.deep.equal([422, 'presentation_network_invalid']);
    expect(errorOf(await api('PATCH', `${BASE}/${randomUUID()}`, { name: 'Nobody' }))).to.deep.equal([404, 'presentation_network_not_found']);
    staff = (await api('GET', path)).body.data.network;
    expect(staff).to.deep.include({ configRevision: 3, name: 'Staff network' });
  });

  it('assigns Linux screens only, at most 500, and moves a screen between networks', async () => {
    const screens = `${BASE}/${staff.id}/screens`;
    expect(errorOf(await api('PUT', screens, { screenIds: [lobby.screenId, tablet.screenId] }))).to.deep.equal([422, 'presentation_network_screen_ineligible']);
    expect(errorOf(await api('PUT', screens, { screenIds: [randomUUID()] }))).to.deep.equal([422, 'presentation_network_screen_ineligible']);
    const tooMany = Array.from({ length: 501 }, () => randomUUID());
    expect(errorOf(await api('PUT', screens, { screenIds: tooMany }))).to.deep.equal([422, 'presentation_network_too_many_screens']);
    expect(errorOf(await api('PUT', `${BASE}/${randomUUID()}/screens`, { screenIds: [] }))).to.deep.equal([404, 'presentation_network_not_found']);
    expect(await count('presentation_network_screens')).to.equal(0);

    const set = await api('PUT', screens, { screenIds: [lobby.screenId, hall.screenId, lobby.screenId] });
    expect(set.status, JSON.stringify(set.body)).to.equal(200);
    expect(set.body.data.assignments.map((a: { screenName: string }) => a.screenName).sort()).to.deep.equal(['Hall', 'Lobby']);
    expect(set.body.data.assignments[0]).to.deep.include({ platform: 'linux', presentationNetworkId: staff.id, presentationNetworkName: 'Staff network' });
    const detail = (await api('GET', `${BASE}/${staff.id}`)).body.data;
    expect(detail.network.assignedScreens).to.equal(2);
    expectConsoleShape(detail, PresentationNetworkDetail, 'a network with assignments');

    const other = (await api('POST', BASE, { name: 'Guest', ssid: 'Guest', security: 'wpa_psk', secret: PSK })).body.data;
    const moved = await api('PUT', `/api/v1/screens/${hall.screenId}/presentation-network`, { presentationNetworkId: other.id });
    expect(moved.body.data).to.deep.include({ screenId: hall.screenId, screenName: 'Hall', presentationNetworkId: other.id, presentationNetworkName: 'Guest' });
    expect((await api('GET', `${BASE}/${staff.id}`)).body.data.assignments.map((a: { screenId: string }) => a.screenId)).to.deep.equal([lobby.screenId]);
    expect(errorOf(await api('PUT', `/api/v1/screens/${tablet.screenId}/presentation-network`, { presentationNetworkId: other.id }))).to.deep.equal([
      422,
      'presentation_network_screen_ineligible',
    ]);
    expect(errorOf(await api('PUT', `/api/v1/screens/${hall.screenId}/presentation-network`, { presentationNetworkId: randomUUID() }))).to.deep.equal([
      404,
      'presentation_network_not_found',
    ]);
    expect(errorOf(await api('PUT', `/api/v1/screens/${randomUUID()}/presentation-network`, { presentationNetworkId: other.id }))).to.deep.equal([
      404,
      'screen_not_found',
    ]);

    const removed = await api('DELETE', `/api/v1/screens/${hall.screenId}/presentation-network`);
    expect(removed.body.data).to.deep.equal({ screenId: hall.screenId, screenName: 'Hall', platform: 'linux' });
    expectConsoleShape(moved.body.data, PresentationNetworkAssignment, 'an assignment');
    expectConsoleShape(removed.body.data, PresentationNetworkAssignment, 'an unassignment');
    expect((await api('DELETE', `${BASE}/${other.id}`)).body.data).to.deep.include({ id: other.id, assignedScreens: 0 });
    expect(errorOf(await api('GET', `${BASE}/${other.id}`))).to.deep.equal([404, 'presentation_network_not_found']);
  });

  it('gives the assigned screen its network in the config (identifiers, no credential) and pushes config.changed', async () => {
    const section = (await config(lobby)).presentationNetwork;
    expect(section).to.deep.equal({
      assigned: true,
      presentationNetworkId: staff.id,
      name: 'Staff network',
      ssid: 'Staff-5G',
      hidden: false,
      security: 'wpa_psk',
      configRevision: 3,
      credentialAvailable: true,
      identity: '',
      anonymousIdentity: '',
      domainSuffixMatch: '',
      caCertificateSet: false,
    });
    expect((await config(hall)).presentationNetwork).to.deep.equal({ assigned: false });
    expect((await config(tablet)).presentationNetwork).to.deep.equal({ assigned: false });

    const revision = (await config(lobby)).configRevision;
    lobbySocket.messages.length = 0;
    expect((await api('PATCH', `${BASE}/${staff.id}`, { ssid: 'Staff-6G' })).status).to.equal(200);
    const pushed = await lobbySocket.next('config.changed');
    expect(pushed.configRevision).to.be.greaterThan(revision);
    const after = await config(lobby);
    expect(after.configRevision).to.equal(pushed.configRevision);
    expect(after.presentationNetwork).to.deep.include({ ssid: 'Staff-6G', configRevision: 4 });

    lobbySocket.messages.length = 0;
    await api('DELETE', `/api/v1/screens/${lobby.screenId}/presentation-network`);
    await lobbySocket.next('config.changed');
    expect((await config(lobby)).presentationNetwork).to.deep.equal({ assigned: false });
    lobbySocket.messages.length = 0;
    await api('PUT', `/api/v1/screens/${lobby.screenId}/presentation-network`, { presentationNetworkId: staff.id });
    await lobbySocket.next('config.changed');
    expect((await config(lobby)).presentationNetwork.presentationNetworkId).to.equal(staff.id);
    staff.configRevision = 4;
  });

  it('hands the credential only to the assigned screen, with no-store', async () => {
    const mine = await asPlayer(lobby, 'GET', '/api/v1/player/presentation-network');
    expect(mine.status, JSON.stringify(mine.body)).to.equal(200);
    expect(mine.headers.get('cache-control')).to.equal('no-store');
    expect(mine.body.data).to.deep.equal({
      presentationNetworkId: staff.id,
      name: 'Staff network',
      ssid: 'Staff-6G',
      hidden: false,
      security: 'wpa_psk',
      auth: {},
      configRevision: 4,
      secret: ROTATED_PSK,
    });
    const notMine = await asPlayer(hall, 'GET', '/api/v1/player/presentation-network');
    expect(errorOf(notMine)).to.deep.equal([404, 'presentation_network_not_assigned']);
    expect(notMine.headers.get('cache-control')).to.equal('no-store');
    expect((await api('GET', '/api/v1/player/presentation-network')).status).to.equal(401);
  });

  it('keeps the credential sealed and bound to its row: moved to another network, it does not open', async () => {
    const rows = await k.db('presentation_networks').select('id', 'secret_sealed');
    for (const row of rows) {
      expect(row.secret_sealed).to.match(/^sb1\./);
      for (const secret of SECRETS) expect(row.secret_sealed).to.not.contain(secret);
    }
    const eap = rows.find((r) => r.id !== staff.id)!;
    const original = rows.find((r) => r.id === staff.id)!.secret_sealed;
    await k.db('presentation_networks').where({ id: staff.id }).update({ secret_sealed: eap.secret_sealed });
    expect(errorOf(await asPlayer(lobby, 'GET', '/api/v1/player/presentation-network'))).to.deep.equal([409, 'presentation_network_credential_unreadable']);
    await k.db('presentation_networks').where({ id: staff.id }).update({ secret_sealed: original });
    expect((await asPlayer(lobby, 'GET', '/api/v1/player/presentation-network')).body.data.secret).to.equal(ROTATED_PSK);
  });

  it('derives readiness from what the Linux player reports in its heartbeats', async () => {
    expect((await readiness(tablet)).status).to.equal('not_applicable');
    expect(await readiness(hall)).to.deep.include({ status: 'unassigned', applicable: true, credentialsAvailable: true });
    expect(await readiness(lobby)).to.deep.include({ status: 'reporting_pending', presentationNetworkId: staff.id, presentationNetworkName: 'Staff network' });

    const capable = {
      presentationNetworkSupported: true,
      presentationNetworkHelperState: 'ok',
      presentationNetworkManagerAvailable: true,
      presentationNetworkWifiAdapter: true,
      presentationNetworkRadioEnabled: false,
      wiredInterfaceAvailable: true,
      wiredIpv4: '10.0.4.17',
    };
    const steps: [Record<string, unknown>, string][] = [
      [capable, 'reporting_pending'],
      [{ presentationNetworkState: 'pending' }, 'configuration_pending'],
      [{ presentationNetworkState: 'provisioned', presentationNetworkInstalledId: staff.id, presentationNetworkInstalledRevision: 3 }, 'configuration_pending'],
      [{ presentationNetworkState: 'provisioned', presentationNetworkInstalledId: staff.id, presentationNetworkInstalledRevision: 4 }, 'ready'],
      [
        {
          presentationNetworkState: 'connected',
          presentationNetworkInstalledId: staff.id,
          presentationNetworkInstalledRevision: 4,
          presentationNetworkActiveId: staff.id,
        },
        'connected',
      ],
      [{ presentationNetworkState: 'failed', presentationNetworkLastFailureCode: 'authentication_failed', presentationNetworkInstalledId: staff.id }, 'failed'],
      [{ presentationNetworkHelperState: 'missing', presentationNetworkSupported: false }, 'helper_missing'],
    ];
    for (const [fields, status] of steps) {
      expect((await heartbeat(lobby, fields)).status).to.equal(200);
      const seenNow = await eventually(
        () => readiness(lobby),
        (r) => r.status === status,
      );
      expect(seenNow.status, JSON.stringify(fields)).to.equal(status);
    }
    const last = await readiness(lobby);
    expectConsoleShape(last, PresentationNetworkReadiness, 'a screen’s readiness');
    expectConsoleShape(await readiness(tablet), PresentationNetworkReadiness, 'an Android screen’s readiness');
    expect(last).to.deep.include({ wiredIpv4: '10.0.4.17', wifiAdapterPresent: true, radioEnabled: false, reportedState: 'failed', helperState: 'missing' });

    // Bad values are dropped, never stored or refused: the heartbeat still counts.
    const odd = await heartbeat(lobby, {
      presentationNetworkHelperState: 'ok',
      presentationNetworkSupported: true,
      presentationNetworkState: 'dancing',
      presentationNetworkInstalledRevision: 99_999_999_999,
      presentationNetworkLastFailureCode: 'x'.repeat(500),
      wiredIpv4: '127.0.0.1',
    });
    expect(odd.status).to.equal(200);
    const afterOdd = await eventually(
      () => readiness(lobby),
      (r) => r.helperState === 'ok',
    );
    expect(afterOdd).to.deep.include({ reportedState: 'failed', wiredIpv4: '10.0.4.17', status: 'failed' });
    expect(errorOf(await api('GET', `/api/v1/screens/${randomUUID()}/presentation-network`))).to.deep.equal([404, 'screen_not_found']);
  });

  it('tests through a command the assigned player receives (202), never the generic commands route', async () => {
    const refused = await api('POST', `/api/v1/screens/${lobby.screenId}/commands`, { type: 'test_presentation_network', payload: {} });
    expect(errorOf(refused)).to.deep.equal([403, 'presentation_network_api_required']);

    const path = `${BASE}/${staff.id}/test`;
    expect(errorOf(await api('POST', path, {}))).to.deep.equal([422, 'presentation_network_test_screen_required']);
    expect(errorOf(await api('POST', path, { screenId: hall.screenId }))).to.deep.equal([422, 'presentation_network_not_assigned']);
    expect(errorOf(await api('POST', path, { screenId: randomUUID() }))).to.deep.equal([404, 'screen_not_found']);
    expect(errorOf(await api('POST', `${BASE}/${randomUUID()}/test`, { screenId: lobby.screenId }))).to.deep.equal([404, 'presentation_network_not_found']);

    lobbySocket.messages.length = 0;
    const res = await api('POST', path, { screenId: lobby.screenId });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    expect(res.body.data).to.deep.include({ screenId: lobby.screenId, timeoutSeconds: 90 });
    expectConsoleShape(res.body.data, PresentationNetworkTestResult, 'a test');
    await lobbySocket.next('commands.available');
    const commands = (await asPlayer(lobby, 'GET', '/api/v1/player/commands')).body.data.items;
    const test = commands.find((c: { id: string }) => c.id === res.body.data.commandId);
    expect(test).to.deep.include({ type: 'test_presentation_network', payload: { presentationNetworkId: staff.id, timeoutSeconds: 90 } });
    const quick = await api('POST', path, { screenId: lobby.screenId, timeoutSeconds: 30 });
    expect(quick.body.data.timeoutSeconds).to.equal(30);
    expect((await api('POST', path, { screenId: lobby.screenId, timeoutSeconds: 5 })).status).to.equal(422);
    expect((await api('POST', path, { screenId: lobby.screenId }, viewer)).status).to.equal(403);
  });

  it('puts no credential in any other answer, the audit log, the log lines or the settings', async () => {
    const deleted = (await api('POST', BASE, { name: 'Temporary', ssid: 'Tmp', security: 'wpa_psk', secret: PSK })).body.data;
    await api('DELETE', `${BASE}/${deleted.id}`);
    await api('GET', '/api/v1/settings');
    seen.push(JSON.stringify(await config(lobby)));
    const audit = await k.db('audit_log').where('action', 'like', 'presentation_network.%').select('action', 'metadata');
    expect(audit.map((a) => a.action)).to.include.members([
      'presentation_network.created',
      'presentation_network.updated',
      'presentation_network.credential_rotated',
      'presentation_network.deleted',
      'presentation_network.assignment_changed',
      'presentation_network.test_requested',
    ]);
    const everywhere = [...seen, JSON.stringify(audit), JSON.stringify(await k.db('player_commands').select('payload')), JSON.stringify(k.logs)].join('\n');
    for (const secret of SECRETS) expect(everywhere.includes(secret), secret).to.equal(false);
  });

  it('drops the assignments and tells the players when the network is deleted', async () => {
    lobbySocket.messages.length = 0;
    const gone = await api('DELETE', `${BASE}/${staff.id}`);
    expect(gone.body.data).to.deep.include({ id: staff.id, assignedScreens: 1 });
    await lobbySocket.next('config.changed');
    expect((await config(lobby)).presentationNetwork).to.deep.equal({ assigned: false });
    expect((await readiness(lobby)).status).to.not.equal('ready');
  });
});
