import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { CONSOLE_MESSAGE_FIELDS, changedPaths, parseConsoleMessage, reconnectDelayMs } from '../../console/src/events/messages.js';
import { bootTestKernel, call } from '../support/test-kernel.js';

describe('console: the event socket as the console reads it', () => {
  it('names exactly the messages and fields the server declares for its event socket', async () => {
    const k = await bootTestKernel({ plugins: coreModules });
    try {
      const doc = (await call(k, 'GET', '/api/v1/openapi.json')).body;
      const declared = doc.paths['/api/v1/console/events'].get['x-server-messages'] as { type: string; schema: { properties: Record<string, unknown> } }[];
      const server = Object.fromEntries(
        declared.map((m) => [
          m.type,
          Object.keys(m.schema.properties)
            .filter((f) => f !== 'type')
            .sort(),
        ]),
      );
      const console = Object.fromEntries(Object.entries(CONSOLE_MESSAGE_FIELDS).map(([type, fields]) => [type, [...fields].sort()]));
      expect(console).to.deep.equal(server);
    } finally {
      await k.stop();
    }
  });

  it('ignores what it does not know instead of failing', () => {
    expect(parseConsoleMessage('not json')).to.equal(undefined);
    expect(parseConsoleMessage('{"type":"screen.unknown"}')).to.equal(undefined);
    expect(parseConsoleMessage('{"type":"screen.preview","screenId":"s","capturedAt":null}')).to.deep.equal({
      type: 'screen.preview',
      screenId: 's',
      capturedAt: null,
    });
  });

  it('refetches what a change touches: its collection, for groups and screens each other’s pages, for content its review and history', () => {
    expect(changedPaths('/api/v1/playlists/{id}/items')).to.deep.equal(['/api/v1/playlists', '/api/v1/content-submissions']);
    expect(changedPaths('/api/v1/screen-groups/{id}/policy')).to.deep.equal(['/api/v1/screen-groups', '/api/v1/screens']);
    expect(changedPaths('/api/v1/screens/{id}/policy')).to.deep.equal(['/api/v1/screens', '/api/v1/screen-groups']);
    expect(changedPaths('/api/v1/data-sources/{id}/records/{recordId}/transitions')).to.deep.equal([
      '/api/v1/data-sources',
      '/api/v1/forms',
      '/api/v1/approvals',
    ]);
    expect(changedPaths('/api/v1/content-submissions/{id}/approve'), 'a decision shows on the content’s page and history').to.deep.equal([
      '/api/v1/content-submissions',
      '/api/v1/content-history',
      '/api/v1/layouts',
      '/api/v1/playlists',
      '/api/v1/campaigns',
    ]);
    expect(changedPaths('/api/v1/layouts/{id}/draft'), 'a newer draft shows in the inbox').to.deep.equal(['/api/v1/layouts', '/api/v1/content-submissions']);
    expect(changedPaths('/api/v1/campaigns/{id}/publish'), 'a release writes schedules').to.deep.equal([
      '/api/v1/campaigns',
      '/api/v1/schedules',
      '/api/v1/content-submissions',
    ]);
  });

  it('reconnects after 1 s, doubling to at most 30 s, spread by jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((a) => reconnectDelayMs(a, () => 1))).to.deep.equal([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(reconnectDelayMs(0, () => 0)).to.equal(800);
  });
});
