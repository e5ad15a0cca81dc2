import { expect } from 'chai';
import { byCategory, changedValues, humanize, settingErrors } from '../../console/src/settings/setting-changes.js';

describe('console settings: what the form sends', () => {
  it('sends only the values that changed, lists compared by content', () => {
    const saved = { 'a.flag': false, 'a.days': [1, 2], 'b.name': 'x' };
    expect(changedValues(saved, { 'a.flag': false, 'a.days': [1, 2], 'b.name': 'x' })).to.deep.equal({});
    expect(changedValues(saved, { 'a.flag': true, 'a.days': [1, 2, 3], 'b.name': 'x' })).to.deep.equal({ 'a.flag': true, 'a.days': [1, 2, 3] });
  });

  it('groups definitions by category in their first order', () => {
    const defs = [
      { key: 's.a', category: 'security' },
      { key: 'b.a', category: 'branding' },
      { key: 's.b', category: 'security' },
    ];
    expect(byCategory(defs).map(([category, items]) => [category, items.map((d) => d.key)])).to.deep.equal([
      ['security', ['s.a', 's.b']],
      ['branding', ['b.a']],
    ]);
  });

  it('names a category the catalog does not know from its key', () => {
    expect(humanize('content_health')).to.equal('Content health');
  });

  it("puts the server's complaints at the settings they name", () => {
    const details = {
      fields: [
        { field: 'body/values/security.session_idle_timeout_minutes', message: 'must be a whole number from 5 to 1440' },
        { field: 'body/revision', message: 'x' },
      ],
    };
    expect(settingErrors(details)).to.deep.equal({ 'security.session_idle_timeout_minutes': 'must be a whole number from 5 to 1440' });
    expect(settingErrors(undefined)).to.deep.equal({});
  });
});
