import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { defineLayout, deleteLayout, layoutKindPlugin } from '../fixtures/layout-kind.plugin.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('content kinds', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let hall: PairedScreen;
  let kiosk: PairedScreen;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const manifestOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const refusal = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (err: any) {
      return [err.status, err.code, err.details];
    }
    return [];
  };
  const weekly = (content: Record<string, string>, targets: { type: string; id: string }[]) => ({
    name: `weekly ${randomUUID().slice(0, 6)}`,
    ...content,
    type: 'weekly',
    timezone: 'UTC',
    dailyStart: '00:00',
    dailyEnd: '00:00',
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    targets,
  });

  before(async () => {
    // The fixture stands in for the layouts module's kind, so the real module is left out.
    k = await bootTestKernel({ plugins: [...coreModules.filter((p) => p.name !== 'layouts'), layoutKindPlugin] });
    owner = await setUpOwner(k);
    hall = await pairScreen(k, owner, { name: 'Hall' });
    kiosk = await pairScreen(k, owner, { name: 'Kiosk' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('a module that registers a kind has it assigned, group-assigned and scheduled, and its delete refused while used', async () => {
    const image = await seedImage(k);
    const layoutId = randomUUID();
    defineLayout(layoutId, 'Lobby board', image.id);

    const assigned = await api('PUT', `/api/v1/screens/${hall.screenId}/playlist-assignment`, { layoutId });
    expect(assigned.status, JSON.stringify(assigned.body)).to.equal(200);
    expect(assigned.body.data).to.deep.include({ layoutId, layoutName: 'Lobby board', presentationType: 'layout' });
    expect(assigned.body.data).to.not.have.property('playlistId');
    const fallback = (await manifestOf(hall)).playlist;
    expect(fallback.id, 'the screen plays what the kind contributes').to.equal(layoutId);
    expect(fallback.items.map((i: any) => i.assetId)).to.deep.equal([image.id]);
    expect(errorOf(await api('PUT', `/api/v1/screens/${hall.screenId}/playlist-assignment`, { layoutId: randomUUID() }))).to.deep.equal([
      404,
      'layout_not_found',
    ]);

    const group = (await api('POST', '/api/v1/screen-groups', { name: 'Floor' })).body.data;
    const grouped = await api('PUT', `/api/v1/screen-groups/${group.id}/playlist-assignment`, { layoutId });
    expect(grouped.body.data).to.deep.include({ layoutId, playlistName: 'Lobby board', presentationType: 'layout' });
    expect(grouped.body.data).to.not.have.property('playlistId');

    const created = await api('POST', '/api/v1/schedules', weekly({ layoutId }, [{ type: 'screen', id: kiosk.screenId }]));
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body.data).to.deep.include({ layoutId, playlistName: 'Lobby board', presentationType: 'layout' });
    const manifest = await manifestOf(kiosk);
    expect(manifest.schedules.map((s: any) => [s.id, s.layoutId])).to.deep.equal([[created.body.data.id, layoutId]]);
    expect(
      manifest.playlists.map((p: any) => p.id),
      'the scheduled content travels with the schedule',
    ).to.include(layoutId);
    expect(manifest.assets.map((a: any) => a.assetId)).to.include(image.id);

    const [status, code, details] = await refusal(() => deleteLayout(layoutId));
    expect([status, code]).to.deep.equal([409, 'layout_in_use']);
    expect(details.uses.map((u: any) => u.kind).sort()).to.deep.equal(['schedule', 'screen', 'screen_group']);

    await api('DELETE', `/api/v1/schedules/${created.body.data.id}`);
    await api('DELETE', `/api/v1/screen-groups/${group.id}/playlist-assignment`);
    await api('DELETE', `/api/v1/screens/${hall.screenId}/playlist-assignment`);
    await deleteLayout(layoutId);
    expect((await manifestOf(hall)).playlist ?? null).to.equal(null);
  });

  it('refuses to delete a playlist that is assigned, group-assigned or scheduled (409 playlist_conflict naming every use)', async () => {
    const playlist = (await api('POST', '/api/v1/playlists', { name: 'Shared' })).body.data;
    const group = (await api('POST', '/api/v1/screen-groups', { name: 'Bar' })).body.data;
    await api('PUT', `/api/v1/screens/${hall.screenId}/playlist-assignment`, { playlistId: playlist.id });
    await api('PUT', `/api/v1/screen-groups/${group.id}/playlist-assignment`, { playlistId: playlist.id });
    const schedule = (await api('POST', '/api/v1/schedules', weekly({ playlistId: playlist.id }, [{ type: 'screen', id: kiosk.screenId }]))).body.data;

    const refused = await api('DELETE', `/api/v1/playlists/${playlist.id}`);
    expect(errorOf(refused)).to.deep.equal([409, 'playlist_conflict']);
    expect(refused.body.error.details.uses).to.have.deep.members([
      { kind: 'screen', id: hall.screenId, name: 'Hall' },
      { kind: 'screen_group', id: group.id, name: 'Bar' },
      { kind: 'schedule', id: schedule.id, name: schedule.name },
    ]);

    await api('DELETE', `/api/v1/schedules/${schedule.id}`);
    await api('DELETE', `/api/v1/screen-groups/${group.id}`);
    await api('DELETE', `/api/v1/screens/${hall.screenId}/playlist-assignment`);
    expect((await api('DELETE', `/api/v1/playlists/${playlist.id}`)).status).to.equal(204);
  });

  it('never leaves an assignment naming a deleted playlist when an assign and the delete race', async () => {
    const path = `/api/v1/screens/${hall.screenId}/playlist-assignment`;
    for (let round = 0; round < 12; round++) {
      const playlist = (await api('POST', '/api/v1/playlists', { name: `race ${round}` })).body.data;
      const [assign, remove] = await Promise.all([api('PUT', path, { playlistId: playlist.id }), api('DELETE', `/api/v1/playlists/${playlist.id}`)]);
      // Either the assignment won (the delete is refused) or the delete did (the assignment finds nothing).
      expect(['200/409', '404/204']).to.include(`${assign.status}/${remove.status}`);
      const stored = (await api('GET', path)).body.data.playlistId;
      const exists = (await api('GET', `/api/v1/playlists/${playlist.id}`)).status === 200;
      if (stored === playlist.id) expect(exists, 'an assigned playlist exists').to.equal(true);
      if (exists) {
        await api('DELETE', path);
        expect((await api('DELETE', `/api/v1/playlists/${playlist.id}`)).status).to.equal(204);
      }
    }
  });
});
