import type { KernelDeps } from '../kernel-deps.js';
import { API_VERSION } from '../openapi.js';
import { routeFor } from '../plugin.js';

const route = routeFor<KernelDeps>();

// Until the console exists, a person who opens the server's address learns what it is and where to go.
const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>signage-server</title>
  <style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f2f2f2;padding:0 .25rem}</style>
</head>
<body>
  <h1>signage-server</h1>
  <p>A self-hosted digital-signage server (API ${API_VERSION}, AGPL-3.0-only). Screens running a player pair with it
  and play what it assigns them; the console talks to its API.</p>
  <ul>
    <li><a href="/api/v1/docs">API reference</a> (<a href="/api/v1/openapi.json">openapi.json</a>)</li>
    <li><a href="/readyz">Readiness</a>: database, media storage and ffmpeg</li>
  </ul>
  <h2>First steps</h2>
  <ol>
    <li>Create the first Owner: <code>POST /api/v1/auth/setup</code> with the organization's name and your username and password. From another machine, add <code>setupToken</code>: the setup token the server logs at start.</li>
    <li>Start a player on a screen and point it at this address; it shows a pairing code.</li>
    <li>Find the request by its code (<code>POST /api/v1/screens/pairing/resolve</code>) and approve it (<code>POST /api/v1/screens/pairing/{id}/approve</code>); then upload media, build a playlist and assign it to the screen.</li>
  </ol>
  <p>The README that comes with the server explains configuration, scaling out and plugins.</p>
</body>
</html>
`;

export const homeRoutes = [
  route({
    method: 'GET',
    path: '/',
    operationId: 'getHomePage',
    summary: 'A page for a person who opens the server’s address: what it is and where to go',
    tags: ['docs'],
    auth: { kind: 'public' },
    response: { status: 200, contentType: 'text/html', description: 'The page.' },
    handler: ({ ctx }) => {
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = PAGE;
    },
  }),
];
