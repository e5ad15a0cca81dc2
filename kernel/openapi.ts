import type { TSchema } from '@sinclair/typebox';
import { ACCESS } from './auth/access.js';
import type { RouteAuth } from './auth/principal.js';
import type { MountedRoute } from './http/route-table.js';
import { closeObjects, inputSchema } from './http/validation.js';
import type { RouteResponse, SocketMessageDoc, SocketRouteDef } from './plugin.js';

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
      return ['GET', 'HEAD'].includes(method) || auth.computesOnly ? [{ consoleSession: [] }] : [{ consoleSession: [], csrfToken: [] }];
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
  const plain = inputSchema(schema) as { properties?: Record<string, TSchema>; required?: string[] };
  return Object.entries(plain.properties ?? {}).map(([name, s]) => ({
    name,
    in: location,
    // A parameter with a default may be left out: the server fills it in.
    required: location === 'path' || ((plain.required ?? []).includes(name) && s.default === undefined),
    ...(s.description ? { description: s.description } : {}),
    schema: s,
  }));
}

// Every operation, and every socket, may find the database down or restarting; one that reads or
// writes media files, the media store (a bucket) unreachable.
const DATABASE_DOWN =
  'The database (`database_unavailable`) or, for an operation on media files, the media storage (`storage_unavailable`) is unavailable; try again after `Retry-After` seconds. ' +
  'Also while a restore replaces the data (`restore_in_progress`, with `details.phase` and `details.progressPercent`).';
const DATABASE_RETRY_AFTER = {
  description: 'Seconds to wait (with `database_unavailable`, `storage_unavailable` or `restore_in_progress`).',
  schema: { type: 'integer' },
};

function errorResponses({ route, installable }: MountedRoute) {
  const out: Record<string, unknown> = {};
  const add = (status: number, text: string) => (out[status] ??= errorResponse(text));
  for (const [status, text] of Object.entries(route.errors ?? {})) add(Number(status), text);
  if (route.body || route.query || route.params) add(422, 'The input does not match the schema (`validation_failed`).');
  // A route's own 429 text (other codes beside rate_limited) keeps the Retry-After the limit sends.
  if (route.rateLimit)
    out[429] = {
      ...(out[429] ?? errorResponse('Too many requests (`rate_limited`); try again after `Retry-After` seconds.')),
      headers: { 'Retry-After': { description: 'Seconds to wait (with `rate_limited`).', schema: { type: 'integer' } } },
    };
  const mode = route.bodyMode ?? (route.body ? 'json' : 'none');
  const readsBody = !['GET', 'HEAD'].includes(route.method);
  if (mode === 'multipart') {
    add(400, 'Malformed form (`invalid_request`).');
    add(413, 'The files are larger than the route accepts (`payload_too_large`).');
    add(415, 'Not `multipart/form-data` (`unsupported_media_type`).');
  } else if (mode === 'json' && readsBody) {
    add(400, 'Malformed JSON or not a single object (`invalid_request`).');
    add(413, `The body is larger than ${route.bodyLimit ?? 1024 * 1024} bytes (\`payload_too_large\`).`);
    add(415, 'The body is not `application/json` (`unsupported_media_type`).');
  } else if (mode === 'none' && readsBody) {
    // A body-less operation accepts an empty JSON object (what many clients send by habit) and nothing else.
    add(400, 'A body other than `{}` was sent (`invalid_request`).');
    add(413, 'A body was sent, larger than 1024 bytes (`payload_too_large`).');
    add(415, 'A body was sent that is not `application/json` (`unsupported_media_type`).');
  }
  if (route.auth.kind === 'player') {
    add(401, 'Missing, invalid or revoked device credential (`device_credential_required`, `device_credential_invalid`, `device_credential_revoked`).');
    add(403, 'The screen is disabled (`screen_disabled`); the credential stays valid.');
  }
  if (route.auth.kind !== 'public') add(401, 'Missing or invalid credential.');
  if (route.auth.kind === 'console')
    add(403, route.auth.computesOnly ? 'Role check (`insufficient_role`) failed.' : 'Role (`insufficient_role`) or CSRF (`csrf_failed`) check failed.');
  if (route.auth.kind === 'integration') add(403, 'The token lacks this capability (`insufficient_scope`).');
  if (route.writesFiles) {
    const paused = 'A backup is copying the stored files (`backup_in_progress`); try again when it ends.';
    const own = out[409] as { description: string } | undefined;
    out[409] = errorResponse(own ? `${own.description} ${paused}` : paused);
  }
  if (installable) {
    const notInstalled = 'The plugin is not installed (`plugin_not_installed`).';
    const own = out[409] as { description: string } | undefined;
    out[409] = errorResponse(own ? `${own.description} ${notInstalled}` : notInstalled);
  }
  const own503 = out[503] as { description: string } | undefined;
  out[503] = { ...errorResponse(own503 ? `${own503.description} ${DATABASE_DOWN}` : DATABASE_DOWN), headers: { 'Retry-After': DATABASE_RETRY_AFTER } };
  return out;
}

/** A form's text fields as declared, plus its file parts (named in `files`, described as binary). */
function formSchema(route: MountedRoute['route']) {
  const fields = (route.body ? inputSchema(route.body) : { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
  const files = Object.fromEntries(Object.entries(route.files ?? {}).map(([name, description]) => [name, { type: 'string', format: 'binary', description }]));
  return { ...fields, properties: { ...fields.properties, ...files } };
}

const header = (description: string) => ({ description, schema: { type: 'string' } });

const FILE_HEADERS = {
  ETag: header('`"<sha256 hex>"` of the whole file.'),
  'Last-Modified': header('When the file was stored.'),
  'Accept-Ranges': header('`bytes`'),
  'Content-Disposition': header('`inline`, with the file name.'),
};

/** The body of a success answer: the handler's own media types, or `{ data }` JSON. */
function successContent(response: RouteResponse) {
  if (response.contentType) {
    const types = Array.isArray(response.contentType) ? response.contentType : [response.contentType];
    const schemaOf = (type: string) => (type === 'application/json' && response.schema ? closeObjects(response.schema) : { type: 'string', format: 'binary' });
    return { content: Object.fromEntries(types.map((type) => [type, { schema: schemaOf(type) }])) };
  }
  if (response.status === 204 || !response.schema) return {};
  return { content: { 'application/json': { schema: { type: 'object', required: ['data'], properties: { data: closeObjects(response.schema) } } } } };
}

function successResponses(response: RouteResponse) {
  const headers = response.headers && Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, header(description)]));
  const content = successContent(response);
  const out: Record<string, unknown> = {
    [response.status]: {
      description: response.description ?? (content.content ? 'OK' : 'No content'),
      ...content,
      ...(headers || response.file ? { headers: { ...(response.file ? FILE_HEADERS : {}), ...headers } } : {}),
    },
  };
  for (const [status, other] of Object.entries(response.otherStatuses ?? {})) {
    if (typeof other !== 'string') out[status] = { description: other.description, ...successContent({ status: Number(status), schema: other.schema }) };
    else out[status] = { description: other, ...(status === '204' || status === '304' ? {} : content) };
  }
  if (response.file) {
    out[206] = {
      description: 'One requested range of the file.',
      ...content,
      headers: { ...FILE_HEADERS, 'Content-Range': header('`bytes <first>-<last>/<size>`') },
    };
    out[302] = {
      description:
        'With media on S3 and `MEDIA_DOWNLOADS=redirect`, a GET that would send bytes: fetch them from `Location`, a short-lived presigned URL (send the same `Range`).',
      headers: { Location: header('The presigned URL.'), 'Cache-Control': header('`no-store`') },
    };
    out[304] = {
      description: 'Not modified (`If-None-Match` / `If-Modified-Since`).',
      headers: { ETag: FILE_HEADERS.ETag, 'Last-Modified': FILE_HEADERS['Last-Modified'] },
    };
    out[412] = errorResponse('The file no longer matches `If-Match` / `If-Unmodified-Since` (`precondition_failed`).');
    out[416] = { ...errorResponse('The range is outside the file (`range_not_satisfiable`).'), headers: { 'Content-Range': header('`bytes */<size>`') } };
  }
  return out;
}

const BINARY = { schema: { type: 'string', format: 'binary' } };

/** A HEAD answer has headers and no body, errors included. */
function withoutBodies(responses: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(responses).map(([status, r]) => {
      const { content: _body, ...rest } = r as { content?: unknown };
      return [status, rest];
    }),
  );
}

function operation(mounted: MountedRoute) {
  const { plugin, route } = mounted;
  const responses = { ...successResponses(route.response), ...errorResponses(mounted) };
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags ?? [plugin],
    parameters: [
      ...parameters('path', route.params),
      ...parameters('query', route.query),
      ...Object.entries(route.requestHeaders ?? {}).map(([name, h]) => ({
        name,
        in: 'header',
        required: h.required ?? false,
        description: h.description,
        schema: h.schema,
      })),
    ],
    ...(route.bodyMode === 'multipart'
      ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: formSchema(route) } } } }
      : route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: inputSchema(route.body) } } } }
        : route.bodyMode === 'stream'
          ? { requestBody: { required: true, content: Object.fromEntries((route.streamTypes ?? ['application/octet-stream']).map((t) => [t, BINARY])) } }
          : {}),
    responses: route.method === 'HEAD' ? withoutBodies(responses) : responses,
    security: security(route.auth, route.method),
    ...accessExtensions(route.auth),
  };
}

// OpenAPI has no words for what a socket sends: each message is listed in the description and,
// with the JSON schema of the whole message (`type` included), under `x-server-messages`.
function messageList(messages: SocketMessageDoc[] | undefined, auth: RouteAuth): string {
  if (!messages?.length) return '';
  return `\n\nServer → ${auth.kind === 'player' ? 'player' : 'client'} messages:\n${messages.map((m) => `- \`${m.type}\`: ${m.description}`).join('\n')}`;
}

function messageEntry(m: SocketMessageDoc) {
  const fields = closeObjects(m.schema) as { properties?: Record<string, unknown>; required?: string[] };
  return {
    type: m.type,
    ...(m.module ? { module: m.module } : {}),
    description: m.description,
    schema: {
      type: 'object',
      additionalProperties: false,
      required: ['type', ...(fields.required ?? [])],
      properties: { type: { const: m.type }, ...fields.properties },
    },
  };
}

/** The OpenAPI 3.1 document, built from the registered routes so it cannot drift from them. */
export function buildOpenApi(routes: MountedRoute[], sockets: (SocketRouteDef & { serverMessages?: SocketMessageDoc[] })[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const mounted of routes) {
    paths[mounted.route.path] ??= {};
    paths[mounted.route.path]![mounted.route.method.toLowerCase()] = operation(mounted);
  }
  for (const socket of sockets) {
    paths[socket.path] ??= {};
    paths[socket.path]!.get = {
      summary: socket.summary,
      description: `${socket.description ?? ''}${messageList(socket.serverMessages, socket.auth)}\n\nWebSocket: send \`Upgrade: websocket\`.`.trim(),
      tags: ['sockets'],
      ...(socket.serverMessages ? { 'x-server-messages': socket.serverMessages.map(messageEntry) } : {}),
      ...(socket.subprotocol
        ? {
            parameters: [
              {
                name: 'Sec-WebSocket-Protocol',
                in: 'header',
                required: false,
                description: `\`${socket.subprotocol}\`, and for a browser, which cannot send Authorization, its bearer credential as a second subprotocol: \`${socket.subprotocol}, bearer.<credential>\`.`,
                schema: { type: 'string' },
              },
            ],
          }
        : {}),
      responses: {
        101: {
          description: 'Switching protocols',
          ...(socket.subprotocol
            ? {
                headers: {
                  'Sec-WebSocket-Protocol': {
                    description: `\`${socket.subprotocol}\` when it was offered (never the credential).`,
                    schema: { type: 'string' },
                  },
                },
              }
            : {}),
        },
        ...Object.fromEntries(Object.entries(socket.errors ?? {}).map(([status, text]) => [status, errorResponse(text)])),
        ...(socket.auth.kind === 'public' ? {} : { 401: errorResponse('Missing or invalid credential.') }),
        503: {
          ...errorResponse(`This server process is stopping (\`shutting_down\`): connect again, to another process or after the restart. ${DATABASE_DOWN}`),
          headers: { 'Retry-After': DATABASE_RETRY_AFTER },
        },
        426: {
          ...errorResponse('A plain request: connect with `Upgrade: websocket` (`websocket_upgrade_required`).'),
          headers: { Upgrade: { description: '`websocket`', schema: { type: 'string' } } },
        },
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
