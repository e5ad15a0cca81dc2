import { expect } from 'chai';
import { emptyLocation, locationBody, placeOf } from '../../console/src/locations/location-form.js';

describe('console: the location form', () => {
  it('sends trimmed text, and blank coordinates as none', () => {
    const body = locationBody({ ...emptyLocation, name: '  Warehouse ', city: ' Hamburg', latitude: '', longitude: 9.99 });
    expect(body).to.include({ name: 'Warehouse', city: 'Hamburg', latitude: null, longitude: 9.99 });
  });

  it('says where a location is in one line from the parts it has', () => {
    expect(placeOf({ city: 'Hamburg', state: '', country: 'Germany' })).to.equal('Hamburg, Germany');
    expect(placeOf({ city: '', state: '', country: '' })).to.equal('');
  });
});
