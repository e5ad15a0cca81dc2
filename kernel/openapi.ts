import type { TSchema } from '@sinclair/typebox';
import { ACCESS } from './auth/access.js';
import type { RouteAuth } from './auth/principal.js';
import type { MountedRoute } from './http/route-table.js';
import { closeObjects } from './http/validation.js';
import type { SocketRouteDef } from './plugin.js';

export const API_VERSION = '0.10.0';

const ERROR_ENVELOPE = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'Stable machine-readable snake_case code.' },
        message: { type: 'string' },
        details: {},
      },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
});

function security(auth: RouteAuth, method: string) {
  switch (auth.kind) {
    case 'public':
      return [];
    case 'console':
      return ['GET', 'HEAD'].includes(method) ? [{ consoleSession: [] }] : [{ consoleSession: [], csrfToken: [] }];
    case 'player':
      return [{ deviceBearer: [] }];
    case 'integration':
      return [{ integrationBearer: [] }];
  }
}

/** Access rules as OpenAPI extensions, so the role matrix is readable per operation. */
function accessExtensions(auth: RouteAuth) {
  if (auth.kind === 'console') return { 'x-access': auth.access, 'x-roles': ACCESS[auth.access] };
  if (auth.kind === 'integration') return { 'x-capability': auth.capability };
  return {};
}

function parameters(location: 'path' | 'query', schema?: TSchema) {
  if (!schema) return [];
  const plain = closeObjects(schema) as { properties?: Record<string, TSchema>; required?: string[] };
  return Object.entries(plain.properties ?? {}).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || (plain.required ?? []).includes(name),
    ...(s.description ? { description: s.description } : {}),
    schema: s,
  }));
}

function errorResponses(route: MountedRoute['route']) {
  const out: Record<string, unknown> = {};
  const add = (status: number, text: string) => (out[status] ??= errorResponse(text));
  for (const [status, text] of Object.entries(route.errors ?? {})) add(Number(status), text);
  if (route.body || route.query || route.params) add(422, 'The input does not match the schema (`validation_failed`).');
  if (route.rateLimit) out[429] ??= { ...errorResponse('Too many requests (`rate_limited`); try again after `Retry-After` seconds.'), headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } };
  if (route.body && route.bodyMode !== 'multipart') add(413, `The body is larger than ${route.bodyLimit ?? 1024 * 1024} bytes (\`payload_too_large\`).`);
  if (route.bodyMode === 'multipart') {
    add(400, 'Malformed form (`invalid_request`).');
    add(413, 'The files are larger than the route accepts (`payload_too_large`).');
    add(415, 'Not `multipart/form-data` (`unsupported_media_type`).');
  } else if (route.body) add(400, 'Malformed JSON or not a single object (`invalid_request`).');
  if (route.auth.kind === 'player') {
    add(401, 'Missing, invalid or revoked device credential (`device_credential_required`, `device_credential_invalid`, `device_credential_revoked`).');
    add(403, 'The screen is disabled (`screen_disabled`); the credential stays valid.');
  }
  if (route.auth.kind !== 'public') add(401, 'Missing or invalid credential.');
  if (route.auth.kind === 'console') add(403, 'Role (`insufficient_role`) or CSRF (`csrf_failed`) check failed.');
  if (route.auth.kind === 'integration') add(403, 'The token lacks this capability (`insufficient_scope`).');
  return out;
}

/** A form's text fields as declared, plus its file parts (named in `files`, described as binary). */
function formSchema(route: MountedRoute['route']) {
  const fields = (route.body ? closeObjects(route.body) : { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
  const files = Object.fromEntries(Object.entries(route.files ?? {}).map(([name, description]) => [name, { type: 'string', format: 'binary', description }]));
  return { ...fields, properties: { ...fields.properties, ...files } };
}

function operation({ plugin, route }: MountedRoute) {
  const headers = route.response.headers && {
    headers: Object.fromEntries(Object.entries(route.response.headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }])),
  };
  const body =
    route.response.contentType ?
      { description: route.response.description ?? 'OK', content: { [route.response.contentType]: { schema: { type: 'string', format: 'binary' } } } }
    : route.response.status === 204 || !route.response.schema ? { description: route.response.description ?? 'No content' }
    : {
        description: route.response.description ?? 'OK',
        content: {
          'application/json': {
            schema: { type: 'object', required: ['data'], properties: { data: closeObjects(route.response.schema) } },
          },
        },
      };
  const success = { ...body, ...headers };
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags ?? [plugin],
    parameters: [...parameters('path', route.params), ...parameters('query', route.query)],
    ...(route.bodyMode === 'multipart' ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: formSchema(route) } } } }
    : route.body ?
      { requestBody: { required: true, content: { 'application/json': { schema: closeObjects(route.body) } } } }
    : route.bodyMode === 'stream' ? { requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } }
    : {}),
    responses: { [route.response.status]: success, ...errorResponses(route) },
    security: security(route.auth, route.method),
    ...accessExtensions(route.auth),
  };
}

/** The OpenAPI 3.1 document, built from the registered routes so it cannot drift from them. */
export function buildOpenApi(routes: MountedRoute[], sockets: SocketRouteDef[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const mounted of routes) {
    (paths[mounted.route.path] ??= {})[mounted.route.method.toLowerCase()] = operation(mounted);
  }
  for (const socket of sockets) {
    (paths[socket.path] ??= {}).get = {
      summary: socket.summary,
      description: `${socket.description ?? ''}\n\nWebSocket: send \`Upgrade: websocket\`.`.trim(),
      tags: ['sockets'],
      responses: {
        101: { description: 'Switching protocols' },
        ...(socket.auth.kind === 'public' ? {} : { 401: errorResponse('Missing or invalid credential.') }),
        426: { ...errorResponse('A plain request: connect with `Upgrade: websocket` (`websocket_upgrade_required`).'), headers: { Upgrade: { description: '`websocket`', schema: { type: 'string' } } } },
      },
      security: security(socket.auth, 'GET'),
      ...accessExtensions(socket.auth),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'signage-server API',
      version: API_VERSION,
      license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' },
    },
    servers: [{ url: serverUrl }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      schemas: { ErrorEnvelope: ERROR_ENVELOPE },
      securitySchemes: {
        consoleSession: { type: 'apiKey', in: 'cookie', name: 'signage_session', description: 'Console session cookie.' },
        csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token', description: "The session's CSRF token; required on unsafe console requests." },
        deviceBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'svc_device_<public_id>.<secret>', description: 'Device credential.' },
        integrationBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'svci_<public_id>.<secret>', description: 'Integration token.' },
      },
    },
  };
}
