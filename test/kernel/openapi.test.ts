import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { coreModules } from '../../core-modules/index.js';
import { optionalPlugins } from '../../plugins/index.js';
import { notesPlugin } from '../fixtures/notes-plugin/notes.plugin.js';
import { ensureConsoleBuilt } from '../support/console-build.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

describe('OpenAPI document', () => {
  let k: TestKernel;
  let doc: any;
  before(async () => {
    ensureConsoleBuilt();
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
    expect(doc.paths['/api/v1/notes'].get.parameters).to.deep.include({
      name: 'limit',
      in: 'query',
      required: false,
      schema: { minimum: 1, maximum: 100, default: 50, type: 'integer', format: 'int32' },
    });
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

  it('answers a person at the root with the console, while API paths keep the JSON envelope', async () => {
    const home = await call(k, 'GET', '/');
    expect(home.status).to.equal(200);
    expect(home.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(home.text).to.contain('<div id="root"></div>');
    const unknown = await call(k, 'GET', '/api/v1/nothing-here');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error.code).to.equal('route_not_found');
  });

  it('declares what file, revalidated and upload routes really answer', () => {
    const thumbnail = doc.paths['/api/v1/assets/{id}/thumbnail'].get.responses;
    expect(Object.keys(thumbnail['200'].content)).to.deep.equal(['image/webp', 'image/jpeg', 'image/png']);
    expect(thumbnail).to.include.keys('206', '304', '412', '416');
    expect(thumbnail['206'].headers).to.have.property('Content-Range');
    expect(thumbnail['304']).not.to.have.property('content');
    const download = doc.paths['/api/v1/player/assets/{assetId}/variants/{variantId}'].get.responses;
    expect(Object.keys(download['200'].content)).to.deep.equal(['image/*', 'video/*']);
    expect(doc.paths['/api/v1/player/manifest'].get.responses['304']).not.to.have.property('content');
    expect(doc.paths['/api/v1/plugins/{pluginId}/install'].post.responses).to.include.keys('200', '201');
    const append = doc.paths['/api/v1/uploads/{id}'].patch;
    expect(append.parameters).to.deep.include({
      name: 'Upload-Offset',
      in: 'header',
      required: true,
      description: append.parameters.find((p: any) => p.name === 'Upload-Offset').description,
      schema: { type: 'integer', minimum: 0 },
    });
    expect(append.responses['204'].headers).to.have.keys('Upload-Offset', 'Upload-Length', 'Upload-Status', 'Upload-Expires');
    expect(doc.paths['/api/v1/openapi.json'].get.responses['200'].content['application/json'].schema.type).to.equal('object');
    expect(doc.paths['/api/v1/screens/{id}/disable'].post.responses, 'a body-less POST still reads a body if sent').to.include.keys('400', '413', '415');
    expect(doc.paths['/api/v1/plugins/brand-bug/instances'].get.responses['409'].description).to.contain('plugin_not_installed');
  });

  it('tells a generated client the width of every input integer, which parameters it may leave out, and that HEAD has no body', () => {
    const unbounded: string[] = [];
    const integers = (node: any, where: string): void => {
      if (!node || typeof node !== 'object') return;
      if (
        [node.type].flat().includes('integer') &&
        !(['int32', 'int64'].includes(node.format) && Number.isSafeInteger(node.maximum) && Number.isSafeInteger(node.minimum))
      )
        unbounded.push(where);
      for (const value of Object.values(node)) integers(value, where);
    };
    const heads: string[] = [];
    for (const [path, operations] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(operations)) {
        for (const p of op.parameters ?? []) if (p.in !== 'header') integers(p.schema, `${method} ${path} ${p.name}`);
        integers(op.requestBody, `${method} ${path} body`);
        if (method === 'head')
          heads.push(
            ...Object.entries<any>(op.responses)
              .filter(([, r]) => r.content)
              .map(([status]) => `${path} ${status}`),
          );
      }
    }
    expect(unbounded).to.deep.equal([]);
    expect(heads).to.deep.equal([]);
    const page = doc.paths['/api/v1/schedules'].get.parameters.find((p: any) => p.name === 'page');
    expect(page.required, 'a parameter with a default').to.equal(false);
  });

  it('caps every JSON body schema below its body limit, so a body the schema allows is never refused as too large', () => {
    const failures: string[] = [];
    for (const { route } of k.routes) {
      if (!route.body || (route.bodyMode ?? 'json') !== 'json') continue;
      const largest = largestValue(doc.paths[route.path][route.method.toLowerCase()].requestBody.content['application/json'].schema);
      const bytes = Buffer.byteLength(JSON.stringify(largest));
      if (bytes > (route.bodyLimit ?? 1024 * 1024)) failures.push(`${route.method} ${route.path}: ${bytes} bytes`);
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });
});

/** The largest instance of a schema by its limits: every property, strings and arrays at their maximum (open parts left out). */
function largestValue(schema: any): unknown {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.map(largestValue).sort((a: unknown, b: unknown) => JSON.stringify(b).length - JSON.stringify(a).length)[0];
  switch (schema.type) {
    case 'string':
      return 'x'.repeat(schema.maxLength ?? (schema.const ?? schema.enum?.[0] ?? 'x').length);
    case 'array':
      return Array.from({ length: schema.maxItems ?? 1 }, () => largestValue(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, s]) => [name, largestValue(s)]));
    default:
      return 1e15;
  }
}
