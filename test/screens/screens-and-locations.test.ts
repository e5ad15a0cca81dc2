import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { eventually } from '../support/wait.js';

describe('screens and locations in the console', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const sessions: Record<string, ConsoleSession> = {};
  let hall: PairedScreen;
  let kitchen: PairedScreen;
  let office: PairedScreen;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { SCREENS_CONTACT_FLUSH_MS: '100' } });
    owner = await setUpOwner(k);
    for (const role of ['administrator', 'editor', 'viewer']) {
      await consoleCall(k, owner, 'POST', '/api/v1/users', { name: role, username: role, password: 'a long enough password', role });
      sessions[role] = await login(k, role, 'a long enough password');
    }
    hall = await pairScreen(k, owner, { name: 'Hall' });
    kitchen = await pairScreen(k, owner, { name: 'Kitchen' });
    office = await pairScreen(k, owner, { name: 'Office', approval: { roomName: 'Back office', description: 'Sales figures' } });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const list = async (query = '', by = owner) => (await consoleCall(k, by, 'GET', `/api/v1/screens${query}`)).body.data;
  const names = (data: any) => data.items.map((s: any) => s.name);

  describe('locations', () => {
    it('creates, lists, renames and deletes, with names unique regardless of case', async () => {
      const created = await consoleCall(k, owner, 'POST', '/api/v1/locations', { name: ' Warehouse ', city: 'Leeds', latitude: 53.8, longitude: -1.55 });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      expect(created.body.data).to.deep.include({ name: 'Warehouse', city: 'Leeds', latitude: 53.8, longitude: -1.55, addressLine1: '', screenCount: 0 });
      const id = created.body.data.id;

      const clash = await consoleCall(k, owner, 'POST', '/api/v1/locations', { name: 'WAREHOUSE' });
      expect([clash.status, clash.body.error.code]).to.deep.equal([409, 'location_name_taken']);
      const other = (await consoleCall(k, owner, 'POST', '/api/v1/locations', { name: 'Depot' })).body.data.id;
      const renameClash = await consoleCall(k, owner, 'PATCH', `/api/v1/locations/${other}`, { name: 'warehouse' });
      expect([renameClash.status, renameClash.body.error.code]).to.deep.equal([409, 'location_name_taken']);

      const renamed = await consoleCall(k, owner, 'PATCH', `/api/v1/locations/${id}`, { name: 'Main warehouse', latitude: null });
      expect(renamed.body.data).to.deep.include({ name: 'Main warehouse', city: 'Leeds', latitude: null });
      expect((await consoleCall(k, owner, 'PATCH', `/api/v1/locations/${id}`, { latitude: 91 })).status).to.equal(422);

      const listed = (await consoleCall(k, sessions.viewer!, 'GET', '/api/v1/locations')).body.data;
      expect(listed.items.map((l: any) => l.name)).to.deep.equal(['Depot', 'Main warehouse']);
      expect(listed.total).to.equal(2);

      expect((await consoleCall(k, owner, 'DELETE', `/api/v1/locations/${other}`)).status).to.equal(204);
      const gone = await consoleCall(k, owner, 'DELETE', `/api/v1/locations/${other}`);
      expect([gone.status, gone.body.error.code]).to.deep.equal([404, 'location_not_found']);
      expect((await consoleCall(k, owner, 'PATCH', `/api/v1/locations/${randomUUID()}`, { name: 'x' })).status).to.equal(404);
    });

    it('refuses to delete a location that screens stand in', async () => {
      const id = (await consoleCall(k, owner, 'POST', '/api/v1/locations', { name: 'Canteen' })).body.data.id;
      const moved = await consoleCall(k, owner, 'PATCH', `/api/v1/screens/${kitchen.screenId}`, { locationId: id });
      expect(moved.body.data).to.deep.include({ locationId: id, location: 'Canteen' });
      expect((await consoleCall(k, owner, 'GET', '/api/v1/locations')).body.data.items.find((l: any) => l.id === id).screenCount).to.equal(1);
      const refused = await consoleCall(k, owner, 'DELETE', `/api/v1/locations/${id}`);
      expect([refused.status, refused.body.error.code]).to.deep.equal([409, 'location_in_use']);
    });

    it('lets only administrators change locations', async () => {
      for (const role of ['editor', 'viewer']) {
        const res = await consoleCall(k, sessions[role]!, 'POST', '/api/v1/locations', { name: `By ${role}` });
        expect([res.status, res.body.error.code], role).to.deep.equal([403, 'insufficient_role']);
      }
      expect((await consoleCall(k, sessions.administrator!, 'POST', '/api/v1/locations', { name: 'By administrator' })).status).to.equal(201);
    });
  });

  describe('screens', () => {
    it('lists with filters, search and pages', async () => {
      const all = await list();
      expect(names(all)).to.deep.equal(['Hall', 'Kitchen', 'Office']);
      expect(all).to.deep.include({ total: 3, page: 1, pageSize: 100 });
      expect(names(await list('?search=sales'))).to.deep.equal(['Office']);
      expect(names(await list('?search=back%20off'))).to.deep.equal(['Office']);
      expect(names(await list('?search=%25'))).to.deep.equal([]);
      const locationId = (await consoleCall(k, owner, 'GET', `/api/v1/screens/${kitchen.screenId}`)).body.data.locationId;
      expect(names(await list(`?locationId=${locationId}`))).to.deep.equal(['Kitchen']);
      const page2 = await list('?page=2&pageSize=2');
      expect(names(page2)).to.deep.equal(['Office']);
      expect(page2).to.deep.include({ total: 3, page: 2, pageSize: 2 });
      expect(await list('?page=5&pageSize=2')).to.deep.include({ items: [], total: 3 });
      expect((await consoleCall(k, owner, 'GET', '/api/v1/screens?status=sleeping')).status).to.equal(422);
    });

    it('filters by derived status', async () => {
      await k.db('screen_status').update({ last_contact_at: null });
      await playerCall(k, hall.credential, 'POST', '/api/v1/player/liveness');
      await k
        .db('screen_status')
        .where({ screen_id: office.screenId })
        .update({ last_contact_at: k.db.raw(`now() - interval '10 minutes'`) });
      const socket = await openPlayerSocket(k, kitchen.credential);
      try {
        await socket.next('server.hello');
        await eventually(
          () => list('?status=recent'),
          (d) => d.total === 1,
        );
        expect(names(await list('?status=recent'))).to.deep.equal(['Hall']);
        expect(names(await list('?status=online'))).to.deep.equal(['Kitchen']);
        expect(names(await list('?status=stale'))).to.deep.equal(['Office']);
        expect(names(await list('?status=offline'))).to.deep.equal([]);
      } finally {
        socket.ws.close();
        await socket.closed;
      }
      await consoleCall(k, owner, 'POST', `/api/v1/screens/${office.screenId}/disable`);
      expect(names(await list('?status=disabled'))).to.deep.equal(['Office']);
      await consoleCall(k, owner, 'POST', `/api/v1/screens/${office.screenId}/enable`);
      expect(names(await list('?status=stale'))).to.deep.equal(['Office']);
    });

    it('updates a screen’s description fields; administrators only', async () => {
      const res = await consoleCall(k, owner, 'PATCH', `/api/v1/screens/${hall.screenId}`, { name: ' Main hall ', roomNumber: 'G.12', locationId: null });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.deep.include({ name: 'Main hall', roomNumber: 'G.12', location: '' });
      expect(res.body.data).to.not.have.property('locationId');
      expect((await consoleCall(k, owner, 'PATCH', `/api/v1/screens/${hall.screenId}`, { locationId: randomUUID() })).body.error.code).to.equal(
        'location_not_found',
      );
      expect((await consoleCall(k, owner, 'PATCH', `/api/v1/screens/${randomUUID()}`, { name: 'Nobody' })).body.error.code).to.equal('screen_not_found');
      const editor = await consoleCall(k, sessions.editor!, 'PATCH', `/api/v1/screens/${hall.screenId}`, { name: 'Editor was here' });
      expect(editor.status).to.equal(403);
      expect((await consoleCall(k, sessions.viewer!, 'GET', `/api/v1/screens/${hall.screenId}`)).body.data.name).to.equal('Main hall');
      const audit = await k.db('audit_log').where({ action: 'screen.updated', resource_id: hall.screenId }).first();
      expect(audit.metadata.fields).to.have.members(['name', 'room_number', 'location_id']);
    });

    it('lets only administrators disable, enable and revoke', async () => {
      for (const role of ['editor', 'viewer']) {
        for (const action of ['disable', 'enable', 'revoke']) {
          const res = await consoleCall(k, sessions[role]!, 'POST', `/api/v1/screens/${hall.screenId}/${action}`, action === 'revoke' ? {} : undefined);
          expect([res.status, res.body.error.code], `${role} ${action}`).to.deep.equal([403, 'insufficient_role']);
        }
      }
      expect((await consoleCall(k, sessions.administrator!, 'POST', `/api/v1/screens/${hall.screenId}/disable`)).status).to.equal(204);
      expect((await consoleCall(k, sessions.administrator!, 'POST', `/api/v1/screens/${hall.screenId}/enable`)).status).to.equal(204);
      expect((await consoleCall(k, owner, 'POST', `/api/v1/screens/${randomUUID()}/disable`)).body.error.code).to.equal('screen_not_found');
      expect((await consoleCall(k, owner, 'POST', `/api/v1/screens/${randomUUID()}/revoke`, {})).body.error.code).to.equal('screen_not_found');
    });

    it('summarises contact over the last day', async () => {
      for (let i = 0; i < 3; i++) await playerCall(k, hall.credential, 'POST', '/api/v1/player/heartbeat', { uptimeSeconds: 120 + i });
      await playerCall(k, hall.credential, 'POST', '/api/v1/player/liveness');
      await k
        .db('screens')
        .where({ id: hall.screenId })
        .update({ paired_at: k.db.raw(`now() - interval '2 hours'`) });
      const data = await eventually(
        async () => (await consoleCall(k, sessions.viewer!, 'GET', `/api/v1/screens/${hall.screenId}/reliability`)).body.data,
        (d) => d.heartbeats >= 3 && d.uptimeSeconds === 122,
      );
      expect(data).to.deep.include({
        screenId: hall.screenId,
        status: 'recent',
        windowHours: 24,
        heartbeatIntervalSeconds: 60,
        heartbeats: 3,
        uptimeSeconds: 122,
        powerAssist: null,
      });
      expect(data.expectedHeartbeats).to.be.within(119, 121);
      expect(data.heartbeatRatio).to.be.closeTo(3 / 120, 0.001);
      expect(data.contactHours).to.be.at.least(1);
      expect(data.hourly.at(-1).contacts).to.be.at.least(4);
      expect(data.lastHeartbeatAt).to.be.a('string');
    });

    it('keeps a Power Assist plan per screen, within bounds', async () => {
      const url = `/api/v1/screens/${hall.screenId}/power-assist`;
      const set = await consoleCall(k, owner, 'PUT', url, { enabled: true, sleepAt: '22:30', wakeAt: '06:45' });
      expect(set.status, JSON.stringify(set.body)).to.equal(200);
      expect(set.body.data).to.deep.include({ screenId: hall.screenId, enabled: true, sleepAt: '22:30', wakeAt: '06:45', timezone: 'Europe/Berlin' });
      const changed = await consoleCall(k, owner, 'PUT', url, { enabled: false, sleepAt: '23:00', wakeAt: '07:00', timezone: 'America/Chicago' });
      expect(changed.body.data).to.deep.include({ enabled: false, timezone: 'America/Chicago' });
      const reliability = (await consoleCall(k, owner, 'GET', `/api/v1/screens/${hall.screenId}/reliability`)).body.data;
      expect(reliability.powerAssist).to.deep.include({ enabled: false, sleepAt: '23:00', wakeAt: '07:00' });

      for (const [body, code] of [
        [{ enabled: true, sleepAt: '22:00' }, 'power_assist_invalid'],
        [{ enabled: true, sleepAt: '22:00', wakeAt: '22:00' }, 'power_assist_invalid'],
        [{ enabled: true, sleepAt: '24:00', wakeAt: '06:00' }, 'validation_failed'],
        [{ enabled: true, sleepAt: '7:00', wakeAt: '06:00' }, 'validation_failed'],
        [{ enabled: false, timezone: 'Mars/Olympus_Mons' }, 'invalid_timezone'],
      ] as const) {
        const res = await consoleCall(k, owner, 'PUT', url, body);
        expect([res.status, res.body.error.code], JSON.stringify(body)).to.deep.equal([422, code]);
      }
      expect((await consoleCall(k, sessions.editor!, 'PUT', url, { enabled: false })).status).to.equal(403);
      expect((await consoleCall(k, owner, 'PUT', `/api/v1/screens/${randomUUID()}/power-assist`, { enabled: false })).status).to.equal(404);
    });

    it('answers 404 for unknown screens', async () => {
      for (const path of ['', '/player-history', '/reliability']) {
        const res = await consoleCall(k, owner, 'GET', `/api/v1/screens/${randomUUID()}${path}`);
        expect([res.status, res.body.error.code], path).to.deep.equal([404, 'screen_not_found']);
      }
    });
  });
});
