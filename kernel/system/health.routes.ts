import { Type } from '@sinclair/typebox';
import { unavailable } from '../errors.js';
import type { KernelDeps } from '../kernel-deps.js';
import { routeFor } from '../plugin.js';

const route = routeFor<KernelDeps>();

export const healthRoutes = [
  route({
    method: 'GET',
    path: '/healthz',
    operationId: 'getHealth',
    summary: 'Liveness: the server process responds and can work',
    description:
      'Also asks the database `SELECT 1` (at most 1 s), sharing that answer for 2 s so a storm of checks costs the database one query. While the database does not answer (an embedded one is being restarted) the answer is 503 `database_unavailable` with `Retry-After`.',
    tags: ['health'],
    auth: { kind: 'public' },
    response: { status: 200, schema: Type.Object({ status: Type.Literal('ok') }) },
    handler: async ({ deps }) => {
      await deps.databaseHealth.check();
      return { status: 'ok' as const };
    },
  }),
  route({
    method: 'GET',
    path: '/readyz',
    operationId: 'getReadiness',
    summary: 'Readiness: database, media storage and media tools are usable',
    description:
      'Each check must pass within 2 s. A check is `ok`, or `warn: <why>` when the part works but needs attention (an ffmpeg or ffprobe older than FFmpeg 5.1, or the unpatched build npm installed): still ready. While any fails (or a restore is running) the answer is 503 `not_ready` naming each failing part in `details.checks`.',
    tags: ['health'],
    auth: { kind: 'public' },
    errors: { 503: 'Not ready (`not_ready`).' },
    response: {
      status: 200,
      schema: Type.Object({
        status: Type.Literal('ready'),
        checks: Type.Record(Type.String(), Type.String({ description: '`ok`, or `warn: <why>` for a part that works but needs attention.' })),
      }),
    },
    handler: async ({ deps, ctx }) => {
      const report = await deps.readiness.report();
      ctx.set('Cache-Control', 'no-store');
      if (!report.ready) {
        const failing = Object.entries(report.checks)
          .filter(([, r]) => r !== 'ok')
          .map(([n]) => n);
        throw unavailable('not_ready', `Not ready: ${failing.join(', ')}.`, { checks: report.checks });
      }
      return { status: 'ready' as const, checks: report.checks };
    },
  }),
];
