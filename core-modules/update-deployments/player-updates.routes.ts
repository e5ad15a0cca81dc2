import { Type } from '@sinclair/typebox';
import type { PlayerPrincipal } from '../../kernel/auth/principal.js';
import { sendFile } from '../../kernel/http/file-response.js';
import { Uuid } from '../../kernel/http/wire.js';
import { type RouteDef, routeFor } from '../../kernel/plugin.js';
import { PLAYER_STATES } from './update-deployment-rules.js';
import type { UpdateDeploymentsDeps } from './update-deployments-deps.js';

const route = routeFor<UpdateDeploymentsDeps>();
const screenOf = (p: unknown) => (p as PlayerPrincipal).screenId;
const tags = ['player'];
const ReleaseParams = Type.Object({ releaseId: Uuid });

const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' });
const UpdateMetadataSchema = Type.Object({
  releaseId: Uuid,
  artifactId: Type.String({ description: 'The artifact’s file name.' }),
  platform: Type.Union([Type.Literal('android'), Type.Literal('linux')]),
  versionCode: Type.Integer(),
  versionName: Type.String(),
  artifactSizeBytes: Type.Integer({ minimum: 0 }),
  artifactSha256: Sha256,
  artifactPath: Type.String({ description: 'Where to download it (Range, If-Range).' }),
  applicationId: Type.Optional(Type.String({ description: 'Android only, as are the fields below.' })),
  minimumSdk: Type.Optional(Type.Integer()),
  apkSizeBytes: Type.Optional(Type.Integer({ minimum: 0 })),
  apkSha256: Type.Optional(Sha256),
  signingCertificateSha256: Type.Optional(Type.String()),
  apkPath: Type.Optional(Type.String()),
});

// `/apk` is what the Android player fetches, `/artifact` the Linux player: the same file.
function artifactRoute(method: 'GET' | 'HEAD', name: 'apk' | 'artifact'): RouteDef<UpdateDeploymentsDeps, typeof ReleaseParams> {
  const id = `${method === 'GET' ? 'playerDownload' : 'playerHead'}Update${name === 'apk' ? 'Apk' : 'Artifact'}`;
  return route({
    method,
    path: `/api/v1/player/updates/{releaseId}/${name}`,
    operationId: id,
    summary: 'The release’s installable file, for a screen a running deployment of it targets',
    description:
      'Streams it with `Range` (206), `If-Range`, `If-None-Match` (304); ETag `"sha256-<hex>"`, as the stock players resume with it. HEAD answers the same headers without a body.',
    tags,
    auth: { kind: 'player' },
    params: ReleaseParams,
    errors: { 403: '`player_update_not_targeted`.', 404: '`player_update_not_found`: the release or its file is gone.' },
    response: {
      status: 200,
      file: true,
      contentType: ['application/vnd.android.package-archive', 'application/octet-stream'],
      description: 'The APK or AppImage.',
    },
    handler: async ({ deps, params, principal, ctx }) => sendFile(ctx, await deps.playerUpdates.artifact(screenOf(principal), params.releaseId)),
  });
}

export const playerUpdatesRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/player/updates/{releaseId}',
    operationId: 'playerUpdateMetadata',
    summary: 'The release a deployment told this screen to install: version, size, checksum and where to download it',
    tags,
    auth: { kind: 'player' },
    params: ReleaseParams,
    errors: { 404: '`player_update_not_found`: no such verified release, or no running deployment of it targets this screen.' },
    response: { status: 200, schema: UpdateMetadataSchema },
    handler: ({ deps, params, principal }) => deps.playerUpdates.metadata(screenOf(principal), params.releaseId),
  }),
  artifactRoute('GET', 'apk'),
  artifactRoute('HEAD', 'apk'),
  artifactRoute('GET', 'artifact'),
  artifactRoute('HEAD', 'artifact'),
  route({
    method: 'POST',
    path: '/api/v1/player/update-deployments/{deploymentId}/status',
    operationId: 'playerReportUpdateStatus',
    summary: 'Report how this screen’s update is going',
    description:
      `\`state\` is one of ${PLAYER_STATES.map((s) => `\`${s}\``).join(', ')}. Empty \`permissionStatus\`, \`installerStatus\` and \`error\` clear them. ` +
      'A failed canary pauses its deployment. Success is not reported here: the heartbeats of the new build settle it.',
    tags,
    auth: { kind: 'player' },
    params: Type.Object({ deploymentId: Uuid }),
    body: Type.Object({
      state: Type.String({ maxLength: 64 }),
      downloadedBytes: Type.Optional(Type.Integer()),
      permissionStatus: Type.Optional(Type.String({ maxLength: 64 })),
      installerStatus: Type.Optional(Type.String({ maxLength: 64 })),
      error: Type.Optional(Type.String({ maxLength: 4096, description: 'At most 240 characters.' })),
    }),
    errors: {
      404: '`update_deployment_not_found`: no such deployment, or it does not reach this screen.',
      409: '`update_deployment_cancelled`: the screen’s update was cancelled or has finished.',
      422: '`update_status_invalid` (unknown state, negative downloadedBytes, an error over 240 characters).',
    },
    response: { status: 200, schema: Type.Object({ state: Type.String() }) },
    handler: ({ deps, params, body, principal }) => deps.updateRollout.report(screenOf(principal), params.deploymentId, body),
  }),
];
