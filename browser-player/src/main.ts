import './player.css';
import { AppUpdates } from './offline/app-updates.js';
import { MediaCache } from './offline/media-cache.js';
import { registerServiceWorker } from './offline/register.js';
import { keptState } from './playback/kept-state.js';
import { Player } from './player.js';
import { activityEvent } from './protocol/activity-events.js';
import { PlayerApi } from './protocol/api.js';
import { randomId } from './protocol/random-id.js';
import { browserMetadata, deviceFacts } from './protocol/browser-metadata.js';
import { CommandRunner } from './protocol/commands.js';
import { clearCredential, loadCredential, saveCredential } from './protocol/credential-store.js';
import { isSameServer, pairUntilEnrolled } from './protocol/pairing.js';
import { IndexedDbPlayQueue } from './protocol/play-queue.js';
import { Reporter } from './protocol/reports.js';
import { PlayerSocketClient, type SocketConstructor } from './protocol/socket.js';
import { Stage } from './render/stage.js';

// The browser player's entry: wires the real parts into the orchestrator and starts it.

/** The version it reports (heartbeats, socket hello, pairing): the workspace's package version. */
const PLAYER_VERSION = '0.1.0';

const root = document.querySelector<HTMLElement>('#player');
if (!root) throw new Error('The page has no #player element.');

const api = new PlayerApi({ baseUrl: location.origin });
const stage = new Stage(root);
let credential: string | undefined;
// Each verified file lets playback decide again (content waiting for its file starts at once).
const media = new MediaCache({ credential: () => credential, baseUrl: location.origin, onReady: () => player.fileReady() });
let socket: PlayerSocketClient | undefined;
const updates = new AppUpdates({
  reload: () => location.reload(),
  // Pairing, no content, outside active hours, disabled: no item to wait for.
  idle: () => player.snapshot().playbackState !== 'playing',
});
let commands: CommandRunner | undefined;
const plays = new IndexedDbPlayQueue();

const player = new Player({
  api: {
    setCredential: (c) => {
      credential = c;
      api.setCredential(c);
    },
    manifest: (etag) => api.manifest(etag),
    config: (etag) => api.config(etag),
    credentialState: () => api.credentialState(),
    sameServer: (installationId) => isSameServer(api, installationId),
  },
  stage,
  media,
  credentials: { load: loadCredential, save: saveCredential, clear: clearCredential },
  kept: keptState,
  pair: async ({ onCode, signal }) => pairUntilEnrolled(api, await browserMetadata(PLAYER_VERSION), { onCode, signal }),
  openSocket: (o) => {
    socket = new PlayerSocketClient({
      url: api.socketUrl(),
      credential: o.credential,
      WebSocket: WebSocket as unknown as SocketConstructor,
      playerVersion: PLAYER_VERSION,
      onMessage: o.onMessage,
      onRevoked: o.onRevoked,
      onStateChange: (open) => {
        if (!open) return;
        o.onOpen();
        // A server upgrade restarts it: the socket coming back is when a new build is likely.
        void updates.check();
      },
    });
    return socket;
  },
  reporter: (o) =>
    new Reporter(api, {
      snapshot: o.snapshot,
      playerVersion: PLAYER_VERSION,
      queue: plays,
      capture: o.capture,
      socket: { sendStatus: (h) => socket?.sendStatus(h) ?? false },
      device: () => ({
        ...deviceFacts(),
        ...(commands?.lastCommandId ? { lastCommandId: commands.lastCommandId } : {}),
        cacheUsedBytes: media.stats().cacheUsedBytes,
        ...(media.stats().cacheLimitBytes ? { cacheLimitBytes: media.stats().cacheLimitBytes } : {}),
      }),
      onCredentialLost: o.onCredentialLost,
    }),
  commands: (handlers) => {
    commands = new CommandRunner(api, handlers);
    return commands;
  },
  plays: {
    record: async (e) => {
      await plays.push([activityEvent(e)]);
      // An item has just left the screen, its play queued: the quiet moment a waiting new build is loaded in.
      if (e.ended && e.session.kind === 'item') updates.quietMoment();
    },
    clear: () => plays.clear(),
  },
  newId: randomId,
  reloadPage: () => location.reload(),
});

void registerServiceWorker();
updates.start();
void player.start();
