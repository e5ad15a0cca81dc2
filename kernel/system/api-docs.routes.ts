import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Type } from '@sinclair/typebox';
import type { KernelDeps } from '../kernel-deps.js';
import { routeFor } from '../plugin.js';

const route = routeFor<KernelDeps>();
const uiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// Only these files are served from the npm package; the page needs nothing from a CDN.
const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
} as const;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>signage-server API</title>
  <link rel="stylesheet" href="/api/v1/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/api/v1/docs/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/v1/docs/swagger-ui-bundle.js"></script>
  <script src="/api/v1/docs/init.js"></script>
</body>
</html>
`;

const OpenApiDocumentSchema = Type.Object(
  { openapi: Type.String(), info: Type.Object({}, { additionalProperties: true }), paths: Type.Object({}, { additionalProperties: true }) },
  { additionalProperties: true },
);

// A file, not an inline script, so the CSP needs no 'unsafe-inline'. No validator: its badge
// would send the document's address to validator.swagger.io (and the CSP blocks its image).
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });\n`;

export const apiDocsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'The OpenAPI 3.1 description of this server, built from its registered routes',
    tags: ['docs'],
    auth: { kind: 'public' },
    response: { status: 200, contentType: 'application/json', schema: OpenApiDocumentSchema, description: 'The document (not wrapped in `data`).' },
    handler: ({ deps, ctx }) => {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = deps.apiDocument();
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/docs',
    operationId: 'getApiDocsPage',
    summary: 'A readable API reference page',
    tags: ['docs'],
    auth: { kind: 'public' },
    response: { status: 200, contentType: 'text/html' },
    handler: ({ ctx }) => {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = PAGE;
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/docs/{file}',
    operationId: 'getApiDocsAsset',
    summary: 'A static file of the API reference page',
    tags: ['docs'],
    auth: { kind: 'public' },
    params: Type.Object({ file: Type.Union([...Object.keys(ASSETS), 'init.js'].map((f) => Type.Literal(f))) }),
    response: { status: 200, contentType: ['text/css', 'text/javascript', 'image/png'] },
    handler: ({ params, ctx }) => {
      ctx.set('Cache-Control', 'public, max-age=86400');
      if (params.file === 'init.js') {
        ctx.type = 'text/javascript; charset=utf-8';
        ctx.body = INIT;
        return;
      }
      const file = params.file as keyof typeof ASSETS;
      ctx.type = ASSETS[file];
      ctx.body = readFileSync(join(uiDir, file));
    },
  }),
];
