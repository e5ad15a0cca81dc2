import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { Nullable, Stamp } from '../../kernel/http/wire.js';
import { routeFor } from '../../kernel/plugin.js';
import type { DemoDeps } from './demo-deps.js';

const route = routeFor<DemoDeps>();

const DISABLED = '`demo_disabled`: the server is not running in demo mode.';

const DemoSchema = Type.Object({
  status: Type.Union([Type.Literal('seeding'), Type.Literal('ready'), Type.Literal('failed')], {
    description: '`seeding` on the first start until the demo organization is built; `failed` when it could not be (see the server log).',
  }),
  credentials: Type.Object(
    { username: Type.String(), password: Type.String() },
    { description: 'The demo owner’s sign-in, public on purpose: anyone may try the console, and a reset undoes what they did.' },
  ),
  seededAt: Nullable(Stamp),
  resetAt: Nullable(Stamp),
});

export const demoRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/demo',
    operationId: 'getDemo',
    summary: 'Whether this is a demo installation, and how to sign in to it (shown on the sign-in page)',
    tags: ['demo'],
    auth: { kind: 'public' },
    errors: { 404: DISABLED },
    response: { status: 200, schema: DemoSchema },
    handler: ({ deps }) => deps.demoService.view(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/demo/reset',
    operationId: 'resetDemo',
    summary: 'Put the demo back as it was seeded (everyone is signed out, files uploaded since are removed)',
    tags: ['demo'],
    auth: { kind: 'console', access: 'owner' },
    bodyMode: 'none',
    rateLimit: { bucket: 'demo-reset', limit: 3, windowSeconds: 60, by: 'ip' },
    errors: { 404: DISABLED, 409: '`demo_not_ready`: the demo is still being seeded, or seeding failed.' },
    response: { status: 200, schema: DemoSchema },
    handler: ({ deps, principal, ctx }) => deps.demoService.reset(principal as ConsolePrincipal, ctx.ip),
  }),
];
