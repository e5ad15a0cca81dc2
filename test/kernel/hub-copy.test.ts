import { expect } from 'chai';
import type { Knex } from 'knex';
import { HubCopy } from '../../kernel/hub-copy.js';
import type { HubSubscriber, SocketHub } from '../../kernel/ws/hub.js';

/** The hub as HubCopy sees it: what it subscribed, what it published. */
function fakeHub(listening: boolean) {
  const subscribers: HubSubscriber[] = [];
  const published: string[] = [];
  const hub = {
    subscribe(channel: string, s: HubSubscriber) {
      expect(channel).to.equal('test:changed');
      subscribers.push(s);
      if (listening) s.reset(true);
      return () => {};
    },
    publish: async (channel: string) => void published.push(channel),
  } as unknown as SocketHub;
  return { hub, subscribers, published };
}

/** A loader that counts its calls and answers what `value` holds at the time. */
function counter(initial: number) {
  const state = { value: initial, loads: 0 };
  const load = async () => {
    state.loads++;
    return state.value;
  };
  return { state, load };
}

describe('a value kept in memory and dropped through the hub', () => {
  it('loads once while the hub listens, and again after an announcement from any process', async () => {
    const { hub, subscribers } = fakeHub(true);
    const copy = new HubCopy<number>(hub, 'test:changed');
    const { state, load } = counter(1);
    expect([await copy.get(load), await copy.get(load)]).to.deep.equal([1, 1]);
    expect(state.loads).to.equal(1);
    state.value = 2;
    subscribers[0]!.message({});
    expect(await copy.get(load)).to.equal(2);
    expect(state.loads).to.equal(2);
  });

  it('always loads while the hub does not listen (announcements may be missed), and after a lost listener', async () => {
    const { hub, subscribers } = fakeHub(false);
    const copy = new HubCopy<number>(hub, 'test:changed');
    const { state, load } = counter(1);
    await copy.get(load);
    await copy.get(load);
    expect(state.loads).to.equal(2);
    subscribers[0]!.reset(true);
    await copy.get(load);
    await copy.get(load);
    expect(state.loads).to.equal(3);
    subscribers[0]!.reset(false);
    await copy.get(load);
    expect(state.loads).to.equal(4);
  });

  it('uses a read that spanned an announcement once, without keeping it', async () => {
    const { hub, subscribers } = fakeHub(true);
    const copy = new HubCopy<number>(hub, 'test:changed');
    const { state, load } = counter(1);
    await copy.get(async () => {
      subscribers[0]!.message({});
      return load();
    });
    expect(state.loads).to.equal(1);
    await copy.get(load);
    expect(state.loads).to.equal(2);
  });

  it('announces a change in its transaction and drops its own copy at the commit, keeping it on a rollback', async () => {
    const { hub, published } = fakeHub(true);
    const copy = new HubCopy<number>(hub, 'test:changed');
    const { state, load } = counter(1);
    await copy.get(load);
    let settle!: (committed: boolean) => void;
    const executionPromise = new Promise<void>((resolve, reject) => {
      settle = (committed) => (committed ? resolve() : reject(new Error('rolled back')));
    });
    await copy.changed({ executionPromise } as unknown as Knex.Transaction);
    expect(published).to.deep.equal(['test:changed']);
    await copy.get(load);
    expect(state.loads, 'kept until the commit').to.equal(1);
    settle(true);
    await executionPromise;
    await copy.get(load);
    expect(state.loads).to.equal(2);

    const rolledBack = Promise.reject(new Error('rolled back'));
    await copy.changed({ executionPromise: rolledBack } as unknown as Knex.Transaction);
    await rolledBack.catch(() => {});
    await copy.get(load);
    expect(state.loads, 'nothing changed').to.equal(2);
  });
});
