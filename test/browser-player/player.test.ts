import { expect } from 'chai';
import { type KeptState, Player, type PlayerParts } from '../../browser-player/src/player.js';
import { activityEvent } from '../../browser-player/src/protocol/activity-events.js';
import type { CommandHandlers } from '../../browser-player/src/protocol/commands.js';
import { MemoryPlayQueue } from '../../browser-player/src/protocol/reports.js';
import type { StoredCredential } from '../../browser-player/src/seams.js';
import type { PlayerConfig } from '../../browser-player/src/wire/config.js';
import type { Manifest } from '../../browser-player/src/wire/manifest.js';
import { asset, item, manifest, playlist, uuid } from './manifest-fixtures.js';
import { RecordingStage, settle } from './recording-stage.js';

/**
 * The orchestrator with every part in memory: what a screen relies on across pairing, reloads,
 * revokes and commands. The parts' own behaviour (HTTP, socket, cache, drawing) is tested with them.
 */
class Screen {
  stage = new RecordingStage();
  credential?: StoredCredential;
  kept?: KeptState;
  served?: Manifest;
  servedConfig?: PlayerConfig;
  etagsAsked: (string | undefined)[] = [];
  sentCredentials: (string | undefined)[] = [];
  state: 'valid' | 'lost' | 'disabled' = 'valid';
  sameServer: boolean | undefined = true;
  /** While set, manifest requests hang until it settles (a slow link). */
  manifestGate?: Promise<void>;
  filesCleared = 0;
  socketStarts = 0;
  onRevoked?: () => void;
  onOpen?: () => void;
  handlers?: CommandHandlers;
  enroll?: (c: StoredCredential) => void;
  /** The plays waiting to be sent, as the reporter queues them. */
  plays = new MemoryPlayQueue();
  player: Player;

  constructor() {
    const parts: PlayerParts = {
      api: {
        setCredential: (c) => this.sentCredentials.push(c),
        manifest: async (etag) => {
          this.etagsAsked.push(etag);
          await this.manifestGate;
          return this.served && `"v${this.served.manifestVersion}"` !== etag ? { manifest: this.served, etag: `"v${this.served.manifestVersion}"` } : undefined;
        },
        config: async (etag) =>
          this.servedConfig && `"c${this.servedConfig.configRevision}"` !== etag
            ? { config: this.servedConfig, etag: `"c${this.servedConfig.configRevision}"` }
            : undefined,
        credentialState: async () => this.state,
        sameServer: async () => this.sameServer,
      },
      stage: this.stage,
      media: {
        sync: async () => {},
        ready: () => true,
        srcFor: (a) => `cached:${a.variantId}`,
        clear: async () => {
          this.filesCleared++;
        },
        stop: () => {},
      },
      credentials: {
        load: async () => this.credential,
        save: async (c) => {
          this.credential = c;
        },
        clear: async () => {
          this.credential = undefined;
        },
      },
      kept: {
        load: async () => this.kept,
        save: async (s) => {
          this.kept = s;
        },
        clear: async () => {
          this.kept = undefined;
        },
      },
      pair: ({ onCode }) =>
        new Promise((resolve) => {
          onCode({
            code: `CODE${this.stage.codes.length + 1}`,
            approvalUrl: 'https://signage.example/screens/pair/X',
            expiresAt: '',
            organizationName: 'Café',
          });
          this.enroll = resolve;
        }),
      openSocket: (o) => {
        this.onRevoked = o.onRevoked;
        this.onOpen = o.onOpen;
        return { start: () => this.socketStarts++, stop: () => {} };
      },
      reporter: () => ({ start: () => {}, stop: () => {}, flush: () => {}, previewChanged: () => {} }),
      plays: { record: (e) => this.plays.push([activityEvent(e)]), clear: () => this.plays.clear() },
      commands: (h) => {
        this.handlers = h;
        return { poll: async () => {} };
      },
      newId: () => uuid('play'),
      reloadPage: () => {},
    };
    this.player = new Player(parts);
  }
}

const enrolled = (screenId = uuid('screen')): StoredCredential => ({
  credential: `svc_device_${screenId}.secret`,
  screenId,
  screenName: 'Lobby',
  installationId: 'install-1',
});

function content(screenId: string, version = 1) {
  const file = asset();
  const list = playlist(`v${version}`, [item(file)]);
  return manifest({ screenId, manifestVersion: version, playlist: list, playlists: [list], assets: [file] });
}

describe('browser player: the orchestrator', () => {
  let s: Screen;
  beforeEach(() => {
    s = new Screen();
  });
  afterEach(() => s.player.stop());

  it('shows a pairing code until enrolled, keeps the credential, then plays what the server sends', async () => {
    await s.player.start();
    expect(s.stage.codes).to.deep.equal(['CODE1']);
    const credential = enrolled();
    s.served = content(credential.screenId);
    s.enroll?.(credential);
    await settle();
    await settle();
    expect(s.credential).to.deep.equal(credential);
    expect(s.stage.shown.at(-1)?.itemId).to.equal(s.served.playlist?.items[0]?.id);
    expect(s.kept?.manifest?.etag).to.equal('"v1"');
  });

  it('turns its picture as the screen’s config says, at once when the config changes', async () => {
    const credential = enrolled();
    s.credential = credential;
    s.served = content(credential.screenId);
    const config = (rotation: 0 | 90 | 180 | 270, configRevision: number) => ({ configRevision, display: { rotation } }) as unknown as PlayerConfig;
    s.servedConfig = config(90, 1);
    await s.player.start();
    await settle();
    await settle();
    expect(s.stage.rotations.at(-1)).to.equal(90);
    s.servedConfig = config(0, 2);
    s.onOpen?.(); // a (re)connected socket fetches again, as config.changed does
    await settle();
    await settle();
    expect(s.stage.rotations.at(-1)).to.equal(0);
  });

  it('plays the kept manifest of its screen at once after a reload, and asks the server with its ETag', async () => {
    s.credential = enrolled();
    const kept = content(s.credential.screenId);
    s.kept = { screenId: s.credential.screenId, manifest: { manifest: kept, etag: '"v1"' } };
    await s.player.start();
    await settle();
    expect(s.stage.shown.at(-1)?.itemId).to.equal(kept.playlist?.items[0]?.id);
    expect(s.etagsAsked).to.deep.equal(['"v1"']);
    // A socket that (re)opens may have missed a change: the manifest is asked for again.
    s.onOpen?.();
    await settle();
    expect(s.etagsAsked).to.deep.equal(['"v1"', '"v1"']);
    // Another screen's kept content (the page was paired again since) never plays.
    const other = new Screen();
    other.credential = enrolled();
    other.kept = { screenId: uuid('screen'), manifest: { manifest: kept, etag: '"v1"' } };
    await other.player.start();
    await settle();
    expect(other.stage.shown).to.deep.equal([]);
    expect(other.etagsAsked).to.deep.equal([undefined]);
    other.player.stop();
  });

  it('goes back to pairing when the credential is revoked, forgetting the credential, the kept content, the files and the unsent plays', async () => {
    s.credential = enrolled();
    s.served = content(s.credential.screenId);
    await s.player.start();
    await settle();
    expect(s.stage.shown).to.have.length(1);
    s.state = 'lost';
    s.onRevoked?.();
    await settle();
    await settle();
    expect(s.stage.codes).to.deep.equal(['CODE1']);
    expect([s.credential, s.kept, s.filesCleared]).to.deep.equal([undefined, undefined, 1]);
    expect(s.sentCredentials.at(-1)).to.equal(undefined);
    expect(s.player.snapshot().playbackState).to.not.equal('playing');
    // The play the revoke cut short, and any not sent yet, were the old screen's: the next screen must not report them.
    expect(await s.plays.peek(200)).to.deep.equal([]);

    // Paired again as another screen: only that screen's content plays.
    const shown = s.stage.shown.length;
    const again = enrolled();
    s.state = 'valid';
    s.served = content(again.screenId, 7);
    s.enroll?.(again);
    await settle();
    await settle();
    expect(s.stage.shown.slice(shown).map((i) => i.itemId)).to.deep.equal([s.served.playlist?.items[0]?.id]);
  });

  it('fetches the new screen’s content at once after a re-pair, even while a request of the revoked screen still hangs', async () => {
    s.credential = enrolled();
    s.served = content(s.credential.screenId);
    await s.player.start();
    await settle();
    let release = () => {};
    s.manifestGate = new Promise((resolve) => {
      release = resolve;
    });
    s.onOpen?.();
    await settle();
    s.state = 'lost';
    s.onRevoked?.();
    await settle();
    await settle();

    const shown = s.stage.shown.length;
    const again = enrolled();
    s.state = 'valid';
    s.served = content(again.screenId, 7);
    s.manifestGate = undefined;
    s.enroll?.(again);
    await settle();
    await settle();
    expect(s.stage.shown.slice(shown).map((i) => i.itemId)).to.deep.equal([s.served.playlist?.items[0]?.id]);
    release();
  });

  it('waits while the screen is disabled (socket closed for policy) and reconnects once it is enabled', async () => {
    s.credential = enrolled();
    s.served = content(s.credential.screenId);
    await s.player.start();
    await settle();
    s.state = 'disabled';
    s.onRevoked?.();
    await settle();
    expect(s.stage.messages.at(-1)).to.equal('Playback is disabled');
    expect(s.credential, 'a disabled screen keeps its credential').to.not.equal(undefined);
    s.state = 'valid';
    s.onRevoked?.();
    await settle();
    expect(s.socketStarts).to.equal(2);
    expect(s.player.snapshot().playbackState).to.equal('playing');
  });

  it('never sends a stored credential to another installation: it pairs again', async () => {
    s.credential = enrolled();
    s.sameServer = false;
    await s.player.start();
    await settle();
    await settle();
    expect(s.sentCredentials.filter(Boolean)).to.deep.equal([]);
    expect(s.stage.codes).to.deep.equal(['CODE1']);
    expect(s.credential).to.equal(undefined);
  });

  it('runs the console’s commands: identify with the screen’s name, disable and enable playback (kept across reloads)', async () => {
    s.credential = enrolled();
    s.served = content(s.credential.screenId);
    await s.player.start();
    await settle();
    expect(await s.handlers?.identify_screen?.({ durationSeconds: 500 })).to.deep.equal({ success: true });
    expect(s.stage.identified).to.deep.equal(['Lobby for 120 s']);
    expect(await s.handlers?.disable_playback?.({})).to.deep.equal({ success: true, code: 'playback_disabled' });
    expect(s.player.snapshot().playbackState).to.equal('disabled');
    expect(s.kept?.playbackDisabled).to.equal(true);
    expect(await s.handlers?.enable_playback?.({})).to.deep.equal({ success: true, code: 'playback_enabled' });
    await settle();
    expect(s.player.snapshot().playbackState).to.equal('playing');
    const shown = s.stage.shown.length;
    await s.handlers?.skip_current_item?.({});
    await settle();
    expect(s.stage.shown).to.have.length(shown + 1);
  });

  it('runs the display commands a page can carry out, and says which it cannot', async () => {
    s.credential = enrolled();
    s.served = content(s.credential.screenId);
    await s.player.start();
    await settle();
    expect(await s.handlers?.display_set_volume?.({ volume: 40 })).to.deep.equal({ success: true });
    expect(await s.handlers?.display_mute?.({})).to.deep.equal({ success: true });
    expect(await s.handlers?.display_set_brightness?.({ brightness: 60 })).to.deep.equal({ success: true });
    expect(s.stage.display).to.deep.equal({ muted: true, volume: 40, brightness: 60 });
    expect(await s.handlers?.display_set_brightness?.({ brightness: 101 })).to.include({ success: false, code: 'display_invalid_payload' });
    expect(await s.handlers?.display_set_input?.({ input: 'hdmi1' })).to.include({ success: false, code: 'display_unsupported' });
    expect(await s.handlers?.display_power_off?.({})).to.deep.equal({ success: true });
    expect(s.stage.messages.at(-1)).to.equal('(black)');
    expect(await s.handlers?.display_power_on?.({})).to.deep.equal({ success: true });
    await settle();
    expect(s.player.snapshot().playbackState).to.equal('playing');
  });
});
