import { expect } from 'chai';
import { type ConsoleSession, consoleCall } from './console-client.js';
import type { HttpTarget } from './test-kernel.js';

/**
 * Publishes a playlist's draft as the console does (`POST /playlists/{id}/publish` at the draft
 * revision it read), so screens play what was added to it; answers the publication. `session` must
 * be allowed to publish (a manager, with review off).
 */
export async function publishPlaylist(k: HttpTarget, session: ConsoleSession, id: string) {
  const read = await consoleCall(k, session, 'GET', `/api/v1/playlists/${id}`);
  expect(read.status, JSON.stringify(read.body)).to.equal(200);
  const res = await consoleCall(k, session, 'POST', `/api/v1/playlists/${id}/publish`, { expectedDraftRevision: read.body.data.draftRevision });
  expect(res.status, `publish playlist: ${JSON.stringify(res.body)}`).to.equal(201);
  return res.body.data.published;
}
