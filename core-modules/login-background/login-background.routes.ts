import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { sendFile } from '../../kernel/http/file-response.js';
import { Uuid } from '../../kernel/http/wire.js';
import { type RouteDef, reply, routeFor } from '../../kernel/plugin.js';
import type { LoginBackgroundDeps } from './login-background-deps.js';

const route = routeFor<LoginBackgroundDeps>();
const me = (p: unknown) => p as ConsolePrincipal;

const LoginBackgroundSchema = Type.Object({
  assetId: Type.Optional(Type.String({ format: 'uuid', description: 'The image asset; absent when none is set.' })),
  imageUrl: Type.String({ description: 'Where the sign-in page loads the image: `/api/v1/auth/background`.' }),
});

function imageRoute(method: 'GET' | 'HEAD'): RouteDef<LoginBackgroundDeps> {
  return route({
    method,
    path: '/api/v1/auth/background',
    operationId: method === 'GET' ? 'getLoginBackgroundImage' : 'headLoginBackgroundImage',
    summary: "The sign-in page's background image, for anyone (the page shows it before signing in)",
    tags: ['settings'],
    auth: { kind: 'public' },
    errors: { 404: 'No image is set, or it can no longer be served (`login_background_not_set`).' },
    response: {
      status: 200,
      file: true,
      contentType: 'image/*',
      description: 'The image, in its media type; revalidated by its ETag, so a new image shows at the next visit.',
    },
    handler: async ({ deps, ctx }) => sendFile(ctx, await deps.loginBackgroundService.file()),
  });
}

export const loginBackgroundRoutes = [
  imageRoute('GET'),
  imageRoute('HEAD'),
  route({
    method: 'GET',
    path: '/api/v1/settings/login-background',
    operationId: 'getLoginBackground',
    summary: 'Which image the sign-in page shows, and where it loads it',
    tags: ['settings'],
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: LoginBackgroundSchema },
    handler: ({ deps }) => deps.loginBackgroundService.get(),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/settings/login-background',
    writesFiles: true,
    operationId: 'setLoginBackground',
    summary: 'Show an image from the media library behind the sign-in panel',
    tags: ['settings'],
    auth: { kind: 'console', access: 'administrators' },
    body: Type.Object({ assetId: Uuid }),
    errors: { 422: '`login_background_invalid`: not a ready, unarchived image; or `validation_failed`.' },
    response: { status: 200, schema: LoginBackgroundSchema },
    handler: ({ deps, body, principal, ctx }) => deps.loginBackgroundService.set(me(principal), body.assetId, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/settings/login-background',
    writesFiles: true,
    operationId: 'clearLoginBackground',
    summary: 'Show no image behind the sign-in panel',
    tags: ['settings'],
    auth: { kind: 'console', access: 'administrators' },
    response: { status: 204 },
    handler: async ({ deps, principal, ctx }) => {
      await deps.loginBackgroundService.clear(me(principal), ctx.ip);
      return reply(204);
    },
  }),
];
