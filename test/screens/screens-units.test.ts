import { expect } from 'chai';
import { ContactBuffer } from '../../core-modules/screens/presence/contact-buffer.js';
import { CredentialCache } from '../../core-modules/screens/credentials/credential-cache.js';
import type { ContactRepository, ContactUpdate } from '../../core-modules/screens/presence/contact.repository.js';
import { formatCredential, newPairingCode, newPublicId, normalizePairingCode, parseCredential } from '../../core-modules/screens/credentials/device-secrets.js';
import { randomToken } from '../../kernel/secrets.js';
import { screenStatus } from '../../core-modules/screens/screen-status.js';
import type { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import { createLogger } from '../../kernel/logger.js';

describe('screens: pure rules', () => {
  describe('device credential format', () => {
    it('issues lower-case ULID public ids that sort by time', () => {
      const early = newPublicId(Date.UTC(2026, 0, 1));
      const late = newPublicId(Date.UTC(2026, 0, 2));
      for (const id of [early, late]) expect(id).to.match(/^[0-7][0-9a-hjkmnp-tv-z]{25}$/);
      expect(early < late).to.equal(true);
      expect(new Set(Array.from({ length: 1000 }, () => newPublicId())).size).to.equal(1000);
    });

    it('round-trips and refuses anything not shaped like a credential', () => {
      const publicId = newPublicId();
      const secret = randomToken(32);
      const credential = formatCredential(publicId, secret);
      expect(credential.startsWith('svc_device_')).to.equal(true);
      expect(parseCredential(credential)).to.deep.equal({ publicId, secret });
      for (const bad of [
        `tc_device_${publicId}.${secret}`,
        `svc_device_${publicId.toUpperCase()}.${secret}`,
        `svc_device_${publicId}.${secret.slice(0, 30)}`,
        `svc_device_${publicId}`,
        `svc_device_8${publicId.slice(1)}.${secret}`,
        `svc_device_${publicId}.${secret}.x`,
      ]) {
        expect(parseCredential(bad), bad).to.equal(undefined);
      }
    });
  });

  describe('pairing codes', () => {
    it('uses only unambiguous characters', () => {
      for (let i = 0; i < 200; i++) expect(newPairingCode()).to.match(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    });

    it('accepts what people type: any case, dashes, spaces', () => {
      expect(normalizePairingCode('ab3-k9z')).to.equal('AB3K9Z');
      expect(normalizePairingCode(' AB3 K9Z ')).to.equal('AB3K9Z');
      expect(normalizePairingCode('AB3K9')).to.equal(undefined);
      expect(normalizePairingCode('AB3K9Z7')).to.equal(undefined);
      expect(normalizePairingCode('AB0K9Z'), 'zero is not in the alphabet').to.equal(undefined);
    });
  });

  describe('screen status', () => {
    const now = Date.UTC(2026, 5, 1, 12);
    const ago = (s: number) => new Date(now - s * 1000);
    const facts = { enabled: true, hasActiveCredential: true, online: false, lastContactAt: ago(10) };
    it('takes the first matching rule', () => {
      expect(screenStatus({ ...facts, enabled: false, hasActiveCredential: false, online: true }, now)).to.equal('disabled');
      expect(screenStatus({ ...facts, hasActiveCredential: false, online: true }, now)).to.equal('revoked');
      expect(screenStatus({ ...facts, online: true, lastContactAt: null }, now)).to.equal('online');
      expect(screenStatus({ ...facts, lastContactAt: ago(120) }, now)).to.equal('recent');
      expect(screenStatus({ ...facts, lastContactAt: ago(121) }, now)).to.equal('stale');
      expect(screenStatus({ ...facts, lastContactAt: ago(900) }, now)).to.equal('stale');
      expect(screenStatus({ ...facts, lastContactAt: ago(901) }, now)).to.equal('offline');
      expect(screenStatus({ ...facts, lastContactAt: null }, now)).to.equal('offline');
    });
  });

  describe('contact buffer', () => {
    function fakeRepository(fail = false) {
      const batches: ContactUpdate[][] = [];
      const repo = {
        apply: async (updates: ContactUpdate[]) => {
          if (fail) throw new Error('database down');
          batches.push(updates);
          return [];
        },
      } as unknown as ContactRepository;
      return { repo, batches, setFail: (f: boolean) => (fail = f) };
    }
    const logger = createLogger('silent');
    // These fakes report no profile change: nothing is told.
    const profilesChanged = {} as AfterCommitEvents<string>;

    it('coalesces a screen’s contact into one row per flush, latest heartbeat winning', async () => {
      const { repo, batches } = fakeRepository();
      const buffer = new ContactBuffer(repo, logger, profilesChanged, () => {});
      const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
      buffer.heartbeat('b', '10.0.0.2', { payload: { n: 1 }, playerVersion: '1.0' }, t(1));
      buffer.contact('a', '10.0.0.1', t(2));
      buffer.heartbeat('b', undefined, { payload: { n: 2 } }, t(3));
      buffer.contact('b', '10.0.0.3', t(2));
      expect(buffer.pendingContactAt('b')).to.deep.equal(t(3));
      await buffer.flush();
      expect(batches).to.have.length(1);
      const [a, b] = batches[0]!;
      expect(a).to.deep.include({ id: 'a', contacts: 1, heartbeats: 0, heartbeat: null, ip: '10.0.0.1' });
      expect(b).to.deep.include({
        id: 'b',
        contacts: 3,
        heartbeats: 2,
        heartbeat: { n: 2 },
        player_version: null,
        ip: '10.0.0.3',
        contact_at: t(3).toISOString(),
      });
      expect(buffer.pendingContactAt('b')).to.equal(undefined);
      await buffer.flush();
      expect(batches, 'nothing new, nothing written').to.have.length(1);
    });

    it('keeps what a failed flush could not write for the next one', async () => {
      const f = fakeRepository(true);
      const buffer = new ContactBuffer(f.repo, logger, profilesChanged, () => {});
      buffer.heartbeat('a', undefined, { payload: { old: true } });
      await buffer.flush();
      buffer.contact('a', undefined);
      f.setFail(false);
      await buffer.flush();
      expect(f.batches[0]![0]).to.deep.include({ id: 'a', heartbeats: 1, contacts: 2, heartbeat: { old: true } });
    });
  });
});

describe('screens: credential cache', () => {
  type Handlers = { changed(id: string): void; reset(on: boolean): void };
  function setup() {
    let handlers: Handlers | undefined;
    let reads = 0;
    let row: Record<string, unknown> | undefined = { id: 'c1', screen_id: 's1', secret_hash: 'h', revoked_at: null, screen_enabled: true, recently_used: true };
    let during: (() => void) | undefined;
    const cache = new CredentialCache({
      credentialsRepository: {
        forAuth: async () => {
          reads++;
          during?.();
          return row && { ...row };
        },
      },
      credentialChangesRepository: { listen: (h: Handlers) => (handlers ??= h) },
      screensConfig: { credentialCache: true },
    } as never);
    return { cache, reads: () => reads, handlers: () => handlers!, setRow: (r: typeof row) => (row = r), setDuring: (f: typeof during) => (during = f) };
  }

  it('reads the database every time until the change feed is up', async () => {
    const t = setup();
    await t.cache.lookup('p');
    await t.cache.lookup('p');
    expect(t.reads()).to.equal(2);
    t.handlers().reset(true);
    await t.cache.lookup('p');
    await t.cache.lookup('p');
    expect(t.reads()).to.equal(3);
  });

  it('drops a screen’s entries on a change and everything when the feed is lost', async () => {
    const t = setup();
    await t.cache.lookup('p');
    t.handlers().reset(true);
    await t.cache.lookup('p');
    t.handlers().changed('other-screen');
    await t.cache.lookup('p');
    expect(t.reads()).to.equal(2);
    t.setRow({ id: 'c1', screen_id: 's1', secret_hash: 'h', revoked_at: new Date(), screen_enabled: true, recently_used: true });
    t.handlers().changed('s1');
    expect((await t.cache.lookup('p'))!.revoked_at).to.be.instanceOf(Date);
    t.handlers().reset(false);
    await t.cache.lookup('p');
    await t.cache.lookup('p');
    expect(t.reads()).to.equal(5);
  });

  it('does not keep a read that raced with a change', async () => {
    const t = setup();
    await t.cache.lookup('x');
    t.handlers().reset(true);
    t.setDuring(() => t.handlers().changed('s1'));
    await t.cache.lookup('p');
    t.setDuring(undefined);
    await t.cache.lookup('p');
    expect(t.reads(), 'the raced read was used once, not cached').to.equal(3);
    await t.cache.lookup('p');
    expect(t.reads()).to.equal(3);
  });

  it('keeps only working credentials, so an enable is seen at once', async () => {
    const t = setup();
    await t.cache.lookup('x');
    t.handlers().reset(true);
    t.setRow({ id: 'c1', screen_id: 's1', secret_hash: 'h', revoked_at: null, screen_enabled: false, recently_used: true });
    await t.cache.lookup('p');
    t.setRow({ id: 'c1', screen_id: 's1', secret_hash: 'h', revoked_at: null, screen_enabled: true, recently_used: true });
    expect((await t.cache.lookup('p'))!.screen_enabled).to.equal(true);
    expect(t.reads()).to.equal(3);
    t.cache.forgetScreen('s1');
    await t.cache.lookup('p');
    expect(t.reads(), 'forgotten by the process that changed it').to.equal(4);
  });

  it('does not cache unknown credentials', async () => {
    const t = setup();
    await t.cache.lookup('x');
    t.handlers().reset(true);
    t.setRow(undefined);
    await t.cache.lookup('nope');
    await t.cache.lookup('nope');
    expect(t.reads()).to.equal(3);
  });
});
