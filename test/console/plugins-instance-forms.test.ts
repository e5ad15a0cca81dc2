import { expect } from 'chai';
import { editableValues, formSchema, initialValues, instanceCollections, placeErrors } from '../../console/src/plugins/instance-forms.js';

const countdownBody = {
  type: 'object',
  required: ['name', 'enabled', 'targetScope', 'targetIds', 'leadTimeSeconds'],
  properties: {
    name: { type: 'string', minLength: 1 },
    enabled: { type: 'boolean' },
    targetScope: {
      anyOf: [
        { const: 'all', type: 'string' },
        { const: 'screens', type: 'string' },
      ],
    },
    targetIds: { type: 'array', items: { type: 'string', format: 'uuid' } },
    leadTimeSeconds: { type: 'integer', format: 'int32', minimum: 60 },
    startsAt: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }], description: 'From then on.' },
  },
};
const document = {
  paths: {
    '/api/v1/plugins/countdown-bar/instances': { get: {}, post: { requestBody: { content: { 'application/json': { schema: countdownBody } } } } },
    '/api/v1/plugins/countdown-bar/instances/{id}': { put: {} },
    '/api/v1/plugins/noise-meter/instances/{id}/history/daily': { get: {} },
    '/api/v1/screens': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } } },
  },
};

describe('console plugins: instance forms from the server document', () => {
  it('finds each plugin instance collection by catalog id, with its create schema, and nothing else', () => {
    const found = instanceCollections(document);
    expect([...found.keys()]).to.deep.equal(['countdown_bar']);
    expect(found.get('countdown_bar')).to.include({ plugin: 'countdown-bar', path: '/api/v1/plugins/countdown-bar/instances' });
  });

  it('titles every field from its name, makes "X or null" a nullable X, a choice of constants a select, and drops OpenAPI-only number formats', () => {
    const schema = formSchema(countdownBody);
    expect(schema.properties?.leadTimeSeconds).to.deep.equal({ type: 'integer', minimum: 60, title: 'Lead time seconds' });
    expect(schema.properties?.startsAt).to.deep.equal({ type: ['string', 'null'], format: 'date-time', description: 'From then on.', title: 'Starts at' });
    expect(schema.properties?.targetScope).to.deep.equal({ type: 'string', enum: ['all', 'screens'], title: 'Target scope' });
  });

  it('starts a new instance with switches off, empty lists and the first choice of a required choice', () => {
    expect(initialValues(formSchema(countdownBody))).to.deep.equal({ enabled: false, targetScope: 'all', targetIds: [] });
  });

  it('edits only the fields of the schema, never id, revision or times', () => {
    const view = { id: 'x', revision: 3, createdAt: 'a', updatedAt: 'b', name: 'Bar', enabled: true, targetIds: [] };
    expect(editableValues(countdownBody, view)).to.deep.equal({ name: 'Bar', enabled: true, targetIds: [] });
  });

  it('places the server complaints at their fields, and keeps the others to show above the form', () => {
    const details = {
      fields: [
        { field: 'body/leadTimeSeconds', message: 'too short' },
        { field: 'body/targetIds/0', message: 'no such screen' },
        { field: 'body/unknown', message: 'odd' },
        { field: 'query/x', message: 'elsewhere' },
      ],
    };
    expect(placeErrors(details, countdownBody)).to.deep.equal({
      tree: { leadTimeSeconds: { __errors: ['too short'] }, targetIds: { 0: { __errors: ['no such screen'] } } },
      unplaced: ['odd', 'elsewhere'],
    });
    expect(placeErrors(undefined, countdownBody)).to.deep.equal({ tree: {}, unplaced: [] });
  });
});
