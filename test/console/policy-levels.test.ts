import { expect } from 'chai';
import { inherited, policyRows, shown, withoutKey } from '../../console/src/policies/policy-levels.js';

const definitions = [
  { key: 'player.playback.default_volume', title: 'Default volume', default: 0.5, scope: 'policy' },
  { key: 'power.keep_screen_on', title: 'Keep screen on', default: true, scope: 'policy' },
  { key: 'security.session_hours', title: 'Session length', default: 12, scope: 'organization' },
];

describe('console policy levels', () => {
  it('lists each setting a policy may set, by title, with every level’s value side by side', () => {
    const rows = policyRows({
      definitions,
      organization: { 'player.playback.default_volume': 0.4, 'power.keep_screen_on': true },
      group: { 'player.playback.default_volume': 0.7 },
      screen: {},
      effective: { 'player.playback.default_volume': { value: 0.7, source: 'group', sourceName: 'Wall' } },
    });
    expect(rows.map((r) => r.key)).to.deep.equal(['player.playback.default_volume', 'power.keep_screen_on']);
    expect(rows[0]).to.deep.equal({
      key: 'player.playback.default_volume',
      title: 'Default volume',
      organization: { value: 0.4, isDefault: false },
      group: 0.7,
      effective: { value: 0.7, source: 'group', sourceName: 'Wall' },
    });
    expect(rows[1]).to.deep.include({ organization: { value: true, isDefault: true } });
    expect(rows[1]).to.not.have.property('group');
  });

  it('inherits from the nearest level above that sets the key', () => {
    const [row] = policyRows({ definitions, organization: { 'player.playback.default_volume': 0.4 }, group: { 'player.playback.default_volume': 0.7 } });
    expect(inherited(row!, 'screen')).to.equal(0.7);
    expect(inherited(row!, 'group')).to.equal(0.4);
    const [bare] = policyRows({ definitions, organization: {} });
    expect(inherited(bare!, 'screen'), 'the built-in default').to.equal(0.5);
  });

  it('resets one key, and removes the level when nothing is left', () => {
    expect(withoutKey({ a: 1, b: 2 }, 'a')).to.deep.equal({ b: 2 });
    expect(withoutKey({ a: 1 }, 'a')).to.equal(undefined);
  });

  it('shows values as words', () => {
    expect([true, false, [1, 2], '', 0.4].map((v) => shown(v, 'On', 'Off'))).to.deep.equal(['On', 'Off', '1, 2', '—', '0.4']);
  });
});
