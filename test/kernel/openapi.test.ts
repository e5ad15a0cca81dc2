import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { notesPlugin } from '../fixtures/notes-plugin/notes.plugin.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

describe('OpenAPI document', () => {
  let k: TestKernel;
  let doc: any;
  before(async () => {
    k = await bootTestKernel({ plugins: [...coreModules, ...optionalPlugins, notesPlugin] });
    doc = (await call(k, 'GET', '/api/v1/openapi.json')).body;
  });
  after(() => k?.stop());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
    expect(doc.openapi).to.equal('3.1.0');
    expect(doc.info.license.identifier).to.equal('AGPL-3.0-only');
  });

  it('documents every registered route and socket, with its security', () => {
    for (const { route } of k.routes) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).to.exist;
      expect(op.security, `${route.method} ${route.path}`).to.be.an('array');
    }
    expect(doc.paths['/api/v1/notes/player-socket'].get.security).to.deep.equal([{ deviceBearer: [] }]);
    const create = doc.paths['/api/v1/notes'].post;
    expect(create.requestBody.content['application/json'].schema.additionalProperties).to.equal(false);
    expect(create.responses['201'].content['application/json'].schema.properties.data.properties.queued.type).to.equal('boolean');
    expect(doc.paths['/api/v1/notes'].get.parameters).to.deep.include({ name: 'limit', in: 'query', required: false, schema: { minimum: 1, maximum: 100, default: 50, type: 'integer' } });
  });

  it('serves a readable reference page with its assets from the installed package', async () => {
    const page = await call(k, 'GET', '/api/v1/docs');
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.contain('text/html');
    expect(page.text).to.contain('/api/v1/docs/swagger-ui-bundle.js');
    expect(page.text).not.to.match(/https?:\/\//);
    const bundle = await k.request('/api/v1/docs/swagger-ui-bundle.js');
    expect(bundle.status).to.equal(200);
    expect((await bundle.text()).length).to.be.greaterThan(100_000);
    expect((await call(k, 'GET', '/api/v1/docs/package.json')).status).to.equal(422);
  });
});
