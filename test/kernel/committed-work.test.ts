import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { AfterCommitEvents, CommittedWork } from '../../kernel/after-commit-events.js';
import type { Logger } from '../../kernel/logger.js';
import type { SocketHub } from '../../kernel/ws/hub.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

describe('committed work: carried by the change’s transaction', () => {
  let k: TestKernel;
  let deps: { hub: SocketHub; logger: Logger; db: Knex };
  const stops: (() => void)[] = [];
  before(async () => {
    k = await bootTestKernel({ role: 'web' });
    deps = k.containerOf('kernel').cradle as typeof deps;
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });
  after(() => k?.stop());

  /** Two processes' views of one kind of work: each records what it did. The origin fails at items named fail-*. */
  function pair(name: string) {
    const origin: string[][] = [];
    const standby: string[][] = [];
    const a = new CommittedWork(
      deps,
      name,
      async (items) => {
        origin.push(items);
        if (items.some((i) => i.startsWith('fail')) || name.endsWith('failed')) throw new Error('the origin died at its work');
      },
      300,
    );
    const b = new CommittedWork(deps, name, async (items) => void standby.push(items), 300);
    a.listen();
    b.listen();
    stops.push(
      () => a.stop(),
      () => b.stop(),
    );
    return { a, origin, standby };
  }

  it('runs in the process that committed, once, and never for a rollback', async () => {
    const { a, origin, standby } = pair('probe-once');
    await deps.db
      .transaction(async (trx) => {
        await a.schedule(['rolled-back'], trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await deps.db.transaction((trx) => a.schedule(['s1', 's2', 's1'], trx));
    await eventually(
      () => origin.length,
      (n) => n > 0,
    );
    expect(origin, 'the first and only work is the committed change’s').to.deep.equal([['s1', 's2']]);
    // A later change the origin fails at is taken over after the takeover time: had the standby not
    // heard the first change done, it would have taken that one over first.
    await deps.db.transaction((trx) => a.schedule(['fail-later'], trx));
    expect(
      await eventually(
        () => standby,
        (s) => s.length > 0,
        5_000,
      ),
    ).to.deep.equal([['fail-later']]);
  });

  it('is taken over by a process standing by when the origin does not finish it', async () => {
    const { a, origin, standby } = pair('probe-failed');
    const started = Date.now();
    await deps.db.transaction((trx) => a.schedule(['s3'], trx));
    const taken = await eventually(
      () => standby,
      (s) => s.length > 0,
      5_000,
    );
    expect(taken).to.deep.equal([['s3']]);
    expect(origin).to.deep.equal([['s3']]);
    expect(Date.now() - started, 'after the takeover time, not at once').to.be.at.least(300);
  });

  it('splits a long list into notices that fit the hub, by size, and a standby takes every item over', async () => {
    const { a, standby } = pair('probe-many-failed');
    // Events as JSON (quotes escaped in the notice): 150 of them would not fit one notice.
    const items = Array.from({ length: 1_000 }, (_, i) => JSON.stringify({ assetId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }));
    await deps.db.transaction((trx) => a.schedule(items, trx));
    const taken = await eventually(
      () => standby.flat(),
      (s) => s.length >= items.length,
      5_000,
    );
    expect([...taken].sort()).to.deep.equal([...items].sort());
  });

  it('tells a change’s events to every listener together after the commit (past a failing one), never for a rollback', async () => {
    const events = new AfterCommitEvents<{ assetId: string }>(deps, 'probe-events');
    stops.push(() => events.stop());
    const told: { assetId: string }[][] = [];
    events.subscribe(() => {
      throw new Error('a broken listener');
    });
    events.subscribe((batch) => void told.push(batch));
    await deps.db
      .transaction(async (trx) => {
        await events.emit([{ assetId: 'rolled-back' }], trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await deps.db.transaction(async (trx) => {
      await events.emit([{ assetId: 'a1' }, { assetId: 'a2' }, { assetId: 'a1' }], trx);
      expect(told, 'nothing before the commit').to.deep.equal([]);
    });
    await eventually(
      () => told.length,
      (n) => n > 0,
    );
    expect(told).to.deep.equal([[{ assetId: 'a1' }, { assetId: 'a2' }]]);
  });

  it('carries a fleet’s worth of events from one change in notices that fit the hub, told together', async () => {
    const origin = new AfterCommitEvents<string>(deps, 'probe-fleet');
    stops.push(() => origin.stop());
    const here: string[][] = [];
    origin.subscribe((ids) => void here.push(ids));
    const screenIds = Array.from({ length: 2_000 }, () => randomUUID());
    await deps.db.transaction((trx) => origin.emit(screenIds, trx));
    await eventually(
      () => here.length,
      (n) => n > 0,
    );
    expect(here).to.have.length(1);
    expect(here[0]).to.deep.equal(screenIds);
  });
});
