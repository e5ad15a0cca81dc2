import { Type } from '@sinclair/typebox';
import type { Principal } from '../../kernel/auth/principal.js';
import { IdParams, Stamp, Uuid } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import type { PlayerReleasesDeps } from './player-releases-deps.js';
import { CatalogSchema, UploadedSchema } from './release-view.js';

const route = routeFor<PlayerReleasesDeps>();
const tags = ['player-releases'];
const OWNER = { kind: 'console', access: 'owner' } as const;
const me = (p: unknown) => p as Principal;

export const playerReleasesRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/player-releases',
    operationId: 'listPlayerReleases',
    summary: 'The player builds this server holds or can download, and the codehost account it reads them with',
    description:
      'Reads the codehost’s releases first when the catalog is empty or was last read over 15 minutes ago; a codehost that is down is told in `providerError`, ' +
      'not as a failure. `githubAuth` repeats `codehostAuth` under the name the reference console reads.',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: CatalogSchema },
    handler: ({ deps }) => deps.releaseCatalog.view(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player-releases/check',
    operationId: 'checkPlayerReleases',
    summary: 'Read the codehost’s releases now',
    description: 'Records each release whose signed manifest verifies; its artifact is downloaded only when asked (`/cache`).',
    tags,
    auth: OWNER,
    bodyMode: 'none',
    errors: {
      502: '`codehost_release_check_failed`: the codehost could not be read, or none of its releases verified (the reason is also kept as `providerError`).',
      503: '`update_manifest_key_missing`: UPDATE_MANIFEST_PUBLIC_KEY is not set.',
    },
    response: { status: 200, schema: Type.Object({ checked: Type.Literal(true) }) },
    handler: ({ deps, principal, ctx }) => deps.releaseCatalog.checkNow(me(principal), ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player-releases/codehost/device',
    operationId: 'startCodehostDeviceSignIn',
    summary: 'Start signing in to the codehost with a device code, for a higher API allowance',
    description: 'Show `userCode` and open `verificationUri`; then poll every `pollIntervalSeconds` until `expiresAt`.',
    tags,
    auth: OWNER,
    bodyMode: 'none',
    errors: { 502: '`codehost_sign_in_failed`.', 503: '`codehost_sign_in_unavailable`: CODEHOST_CLIENT_ID is not set.' },
    response: {
      status: 201,
      schema: Type.Object({
        flowId: Uuid,
        userCode: Type.String(),
        verificationUri: Type.String(),
        expiresAt: Stamp,
        pollIntervalSeconds: Type.Integer({ minimum: 1 }),
      }),
    },
    handler: async ({ deps }) => reply(201, await deps.codehostSignIn.start()),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player-releases/codehost/device/poll',
    operationId: 'pollCodehostDeviceSignIn',
    summary: 'Ask whether the codehost sign-in was approved',
    description: 'On `connected` the account’s token is kept, sealed, on the server; it is never answered.',
    tags,
    auth: OWNER,
    body: Type.Object({ flowId: Type.String({ maxLength: 100 }) }),
    errors: {
      410: '`codehost_sign_in_expired`: start again.',
      422: '`codehost_sign_in_flow_invalid`: no such sign-in.',
      502: '`codehost_sign_in_failed`.',
      503: '`codehost_sign_in_unavailable`.',
    },
    response: {
      status: 200,
      schema: Type.Object({
        status: Type.Union([Type.Literal('pending'), Type.Literal('connected'), Type.Literal('denied')]),
        login: Type.Optional(Type.String()),
        retryAfterSeconds: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
    },
    handler: ({ deps, body, principal, ctx }) => deps.codehostSignIn.poll(me(principal), body.flowId, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/player-releases/codehost',
    operationId: 'disconnectCodehost',
    summary: 'Forget the codehost account signed in from the console',
    tags,
    auth: OWNER,
    errors: { 409: '`codehost_auth_environment_managed`: the token is CODEHOST_TOKEN’s.' },
    response: { status: 204 },
    handler: async ({ deps, principal, ctx }) => {
      await deps.codehostSignIn.disconnect(me(principal), ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/player-releases/upload',
    writesFiles: true,
    operationId: 'uploadPlayerRelease',
    summary: 'Upload a release: its artifact, its update manifest and the manifest’s signature',
    description:
      'A `multipart/form-data` body with three `files` parts named as the release files: `signage-player.apk`, `signage-player-update.json`, ' +
      '`signage-player-update.json.sig` (Android) or `signage-player.AppImage`, `signage-player-update-linux.json`, `signage-player-update-linux.json.sig` (Linux). ' +
      'The signature (base64 Ed25519 over the manifest’s bytes) must verify with UPDATE_MANIFEST_PUBLIC_KEY and the artifact match the manifest’s size and SHA-256; ' +
      'a release that does not verify is refused, never kept. The artifact may have PLAYER_RELEASE_MAX_BYTES (512 MiB).',
    tags,
    auth: OWNER,
    bodyMode: 'stream',
    streamTypes: ['multipart/form-data'],
    errors: {
      400: '`player_release_upload_invalid`: not a readable multipart form.',
      413: '`player_release_file_too_large`.',
      422: '`player_release_file_invalid`, `player_release_file_missing`, `player_release_verification_failed`, `player_release_version_exists`, `player_release_not_newer`.',
      503: '`update_manifest_key_missing`.',
    },
    response: { status: 201, schema: UploadedSchema },
    handler: async ({ deps, principal, ctx }) => reply(201, await deps.releaseUpload.upload(me(principal), ctx.req, ctx.ip)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player-releases/{id}/cache',
    writesFiles: true,
    operationId: 'cachePlayerRelease',
    summary: 'Download a codehost release’s artifact into this server, verifying it against its signed manifest',
    description: 'Runs in the background: `cacheStatus` goes `downloading`, then `cached` or `failed` (with `verificationError`).',
    tags,
    auth: OWNER,
    params: IdParams,
    bodyMode: 'none',
    errors: { 404: '`player_release_not_found`.', 409: '`player_release_not_importable`: an upload, already cached, or downloading.' },
    response: { status: 202, schema: Type.Object({ id: Uuid, cacheStatus: Type.Literal('downloading') }) },
    handler: async ({ deps, params, principal, ctx }) => reply(202, await deps.releaseCache.request(me(principal), params.id, ctx.ip)),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/player-releases/{id}',
    writesFiles: true,
    operationId: 'deletePlayerRelease',
    summary: 'Delete a release and its files',
    tags,
    auth: OWNER,
    params: IdParams,
    errors: {
      404: '`player_release_not_found`.',
      409: '`player_release_busy`: downloading; `player_release_in_use`: an update deployment still needs it.',
    },
    response: { status: 200, schema: Type.Object({ id: Uuid, deleted: Type.Literal(true) }) },
    handler: ({ deps, params, principal, ctx }) => deps.releaseRemoval.delete(me(principal), params.id, ctx.ip),
  }),
];
