import { expect } from 'chai';
import { changed, listParamsFrom, listQueryOf, searchParamsOf } from '../../console/src/common/list-params.js';

describe('console: a list’s place in the address', () => {
  const from = (query: string) => listParamsFrom(new URLSearchParams(query), 'name');

  it('reads search, sort and page, falling back to the defaults for anything malformed', () => {
    expect(from('q=lobby&sort=updated&page=3')).to.deep.equal({ search: 'lobby', sort: 'updated', page: 3 });
    expect(from('')).to.deep.equal({ search: '', sort: 'name', page: 1 });
    for (const bad of ['sort=size', 'page=0', 'page=-2', 'page=1.5', 'page=x', 'page=99999999999'])
      expect(from(bad), bad).to.deep.include({ sort: 'name', page: 1 });
    expect(from(`q=${'a'.repeat(500)}`).search).to.have.length(120);
  });

  it('writes only what differs from the defaults, so a plain list is a plain path', () => {
    expect(searchParamsOf({ search: '  ', sort: 'name', page: 1 }, 'name').toString()).to.equal('');
    expect(searchParamsOf({ search: 'café & bar', sort: 'oldest', page: 2 }, 'name').toString()).to.equal('q=caf%C3%A9+%26+bar&sort=oldest&page=2');
    expect(searchParamsOf({ search: '', sort: 'updated', page: 1 }, 'updated').toString()).to.equal('');
    const round = { search: 'menu', sort: 'updated' as const, page: 4 };
    expect(listParamsFrom(searchParamsOf(round, 'name'), 'name')).to.deep.equal(round);
  });

  it('starts again at the first page when the search or sort changes, not when the page does', () => {
    const at = { search: 'a', sort: 'name' as const, page: 5 };
    expect(changed(at, { search: 'ab' }).page).to.equal(1);
    expect(changed(at, { sort: 'oldest' }).page).to.equal(1);
    expect(changed(at, { page: 6 })).to.deep.equal({ search: 'a', sort: 'name', page: 6 });
  });

  it('asks the API without a blank search', () => {
    expect(listQueryOf({ search: ' ', sort: 'name', page: 2 }, 50)).to.deep.equal({ page: 2, pageSize: 50, sort: 'name' });
    expect(listQueryOf({ search: ' menu ', sort: 'oldest', page: 1 }, 30)).to.deep.equal({ page: 1, pageSize: 30, sort: 'oldest', search: 'menu' });
  });
});
