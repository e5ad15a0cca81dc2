import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

// A module hands another the reads or registrations its face names, never the service or repository
// behind them: what a consumer resolves has exactly the facade's methods, so a write it was not
// given cannot be called (a cast or a JavaScript plugin would otherwise reach it).
describe('export facades', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
  });
  after(() => k?.stop());

  const methodsOf = (plugin: string, name: string) => Object.keys(k.containerOf(plugin).resolve<object>(name)).sort();

  it('gives screen readers the directory, not the screens service', () => {
    expect(methodsOf('schedules', 'screensService')).to.deep.equal([
      'connectedAmong',
      'controlFacts',
      'get',
      'ids',
      'namesOf',
      'openCommands',
      'platformsOf',
      'playbackReport',
      'playersOf',
      'recentHeartbeats',
      'statusCounts',
    ]);
    expect(k.containerOf('schedules').resolve('screensService')).not.to.equal(k.containerOf('screens').resolve('screensService'));
  });

  it('gives group readers four reads, not the groups repository', async () => {
    expect(methodsOf('schedules', 'screenGroups')).to.deep.equal(['existing', 'groupsOf', 'membersOf', 'namesOf']);
    const groupOf = await k.containerOf('policies').resolve<{ groupsOf(ids: string[]): Promise<Map<string, string>> }>('screenGroups').groupsOf([]);
    expect(groupOf).to.be.instanceOf(Map);
  });

  it('gives queuing commands and per-screen config only what their faces name', () => {
    expect(methodsOf('screen-groups', 'screenCommands')).to.deep.equal(['cancelOwn', 'enqueue', 'enqueueOwn', 'queueOwn', 'requestFinishedPurge']);
    expect(methodsOf('policies', 'playerConfig')).to.deep.equal(['addSection', 'refresh', 'requestResend', 'revision', 'useOverrides']);
  });
});
