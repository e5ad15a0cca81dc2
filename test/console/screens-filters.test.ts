import { expect } from 'chai';
import { filtersFromSearchParams, listQuery, nextPage, searchParamsFromFilters } from '../../console/src/screens/screen-filters.js';

describe('console: the screens list’s filters in the address bar', () => {
  const LOCATION = '0b6f3c1e-9a3d-4c55-8f0e-2a1d7c9b4e10';

  it('reads search, status and location from the address and writes them back the same way', () => {
    const params = new URLSearchParams(`q=lobby&status=offline&location=${LOCATION}`);
    const filters = filtersFromSearchParams(params);
    expect(filters).to.deep.equal({ search: 'lobby', status: 'offline', locationId: LOCATION });
    expect(searchParamsFromFilters(filters).toString()).to.equal(params.toString());
  });

  it('drops what the API would refuse, so a hand-edited address still shows a list', () => {
    const filters = filtersFromSearchParams(new URLSearchParams(`q=${'x'.repeat(200)}&status=sleeping&location=not-an-id`));
    expect(filters.search).to.have.length(120);
    expect(filters.status).to.equal(undefined);
    expect(filters.locationId).to.equal(undefined);
  });

  it('leaves unset and blank filters out of both the address and the API query', () => {
    expect(searchParamsFromFilters({ search: '   ' }).toString()).to.equal('');
    expect(listQuery({ search: '  ' }, 100)).to.deep.equal({ pageSize: 100 });
    expect(listQuery({ search: ' lobby ', status: 'online', locationId: LOCATION }, 50)).to.deep.equal({
      pageSize: 50,
      search: 'lobby',
      status: 'online',
      locationId: LOCATION,
    });
  });

  it('asks for the next page until every screen is loaded', () => {
    expect(nextPage({ page: 1, pageSize: 100, total: 5002 })).to.equal(2);
    expect(nextPage({ page: 50, pageSize: 100, total: 5002 })).to.equal(51);
    expect(nextPage({ page: 51, pageSize: 100, total: 5002 })).to.equal(undefined);
    expect(nextPage({ page: 1, pageSize: 100, total: 0 })).to.equal(undefined);
  });
});
