import { asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import type { DraftsDeps } from './drafts-deps.js';
import { draftsRoutes } from './drafts.routes.js';
import { PlaylistDraftsService } from './playlist-drafts.service.js';
import { PlaylistPublisher } from './playlist-publisher.js';

/**
 * Playlists' drafts going live: the playlist kind of publishable content (what the editorial
 * module freezes, publishes, compares and restores) and the playlist's own publish and revision routes.
 */
export const draftsPart: ModulePart<DraftsDeps> = (r) => {
  r.provide({
    playlistPublisher: asFunction((d: DraftsDeps) => new PlaylistPublisher(d)).singleton(),
    playlistDraftsService: asFunction((d: DraftsDeps) => new PlaylistDraftsService(d)).singleton(),
  });
  r.routes(draftsRoutes);
  // Published through the editorial workflow: directly, or reviewed first when the policy asks.
  r.onStart((d) => d.publishableKinds.register(d.playlistPublisher.kind()));
};
