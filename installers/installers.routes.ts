import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import { sendFile } from '../kernel/http/file-response.js';
import { type RateLimitRule, type RouteDef, routeFor } from '../kernel/plugin.js';
import type { InstallerScript } from './installer-texts.js';
import type { InstallersDeps } from './installers-deps.js';
import { LINUX_ARTIFACT_PATH } from './linux-player-installs.js';
import { SET_RECEIVER_COMMAND } from './screencast-receiver.service.js';
import { installerOrigin } from './server-origin.js';

const route = routeFor<InstallersDeps>();

/** One budget for every installer route, per client address (the reference's `install` limit). */
const INSTALL_LIMIT: RateLimitRule = { bucket: 'installers', limit: 60, windowSeconds: 60, by: 'ip' };

const PUBLIC = { kind: 'public' } as const;
const TAGS = ['installers'];
const SHELL_SCRIPT = 'text/x-shellscript';
const NO_STORE = { 'Cache-Control': '`no-store`: the script holds this server’s address, which may change.' };
const ORIGIN_REFUSED = 'The request’s Host cannot be written into a script (`install_server_url_invalid`); set PUBLIC_URL.';
const NOT_CACHED = 'No verified Linux release is cached on this server (`player_release_not_cached`).';
const NOT_PROVIDED = `No screencast receiver has been provided (\`screencast_receiver_not_provided\`): \`${SET_RECEIVER_COMMAND}\` provides it.`;
// Set after sendFile, which marks files private: the receiver is public and the same for every box.
const RECEIVER_CACHE = 'public, max-age=3600';

const LinuxInstallableSchema = Type.Object({
  platform: Type.Literal('linux'),
  versionName: Type.String(),
  versionCode: Type.Integer(),
  sizeBytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of the artifact: the installer refuses a download that differs.' }),
  artifactUrl: Type.String({ format: 'uri', description: 'Where the installer downloads it: this server’s `/api/v1/install/linux/artifact`.' }),
});

const text = (ctx: Context, type: string, body: string, cacheControl: string) => {
  ctx.type = `${type}; charset=utf-8`;
  ctx.set('Cache-Control', cacheControl);
  ctx.body = body;
};

function linuxArtifactRoute(method: 'GET' | 'HEAD'): RouteDef<InstallersDeps> {
  return route({
    method,
    path: LINUX_ARTIFACT_PATH,
    operationId: method === 'GET' ? 'getLinuxPlayerArtifact' : 'headLinuxPlayerArtifact',
    summary: 'The Linux player (AppImage) that install.sh installs: the newest verified, cached Linux release',
    tags: TAGS,
    auth: PUBLIC,
    rateLimit: INSTALL_LIMIT,
    errors: { 404: NOT_CACHED },
    response: { status: 200, file: true, contentType: 'application/octet-stream', description: 'The whole artifact; `Range` gives part of it.' },
    handler: async ({ deps, ctx }) => sendFile(ctx, await deps.linuxPlayerInstalls.artifact()),
  });
}

function receiverRoute(method: 'GET' | 'HEAD'): RouteDef<InstallersDeps> {
  return route({
    method,
    path: '/api/v1/install/screencast/receiver',
    operationId: method === 'GET' ? 'getScreencastReceiver' : 'headScreencastReceiver',
    summary: 'The screencast receiver’s source archive that install-screencast.sh builds, as the operator provided it',
    tags: TAGS,
    auth: PUBLIC,
    rateLimit: INSTALL_LIMIT,
    errors: { 404: NOT_PROVIDED },
    response: {
      status: 200,
      file: true,
      contentType: 'application/gzip',
      headers: { 'Cache-Control': `\`${RECEIVER_CACHE}\`` },
      description: 'The whole archive; `Range` gives part of it.',
    },
    handler: async ({ deps, ctx }) => {
      await sendFile(ctx, await deps.screencastReceiverService.file());
      if (ctx.status !== 302) ctx.set('Cache-Control', RECEIVER_CACHE);
    },
  });
}

function scriptRoute(path: string, script: InstallerScript, operationId: string, summary: string): RouteDef<InstallersDeps> {
  return route({
    method: 'GET',
    path,
    operationId,
    summary,
    tags: TAGS,
    auth: PUBLIC,
    rateLimit: INSTALL_LIMIT,
    errors: { 400: ORIGIN_REFUSED },
    response: { status: 200, contentType: SHELL_SCRIPT, headers: NO_STORE, description: 'A bash script holding this server’s address.' },
    handler: ({ deps, ctx }) => text(ctx, SHELL_SCRIPT, deps.installerTexts.script(script, installerOrigin(deps.config, ctx)), 'no-store'),
  });
}

export const installersRoutes: RouteDef<InstallersDeps>[] = [
  scriptRoute(
    '/install.sh',
    'player',
    'getPlayerInstallScript',
    'The script that installs the Linux player on a Debian, Ubuntu or Raspberry Pi OS box (`curl -fsSL <server>/install.sh | sudo bash`)',
  ),
  scriptRoute(
    '/install-screencast.sh',
    'screencast',
    'getScreencastInstallScript',
    'The script that builds and installs the screencast receiver on a player box (`install.sh` runs it too)',
  ),
  route({
    method: 'GET',
    path: '/install/player.service',
    operationId: 'getPlayerServiceUnit',
    summary: 'The systemd user unit that runs the Linux player and restarts it when it stops',
    tags: TAGS,
    auth: PUBLIC,
    rateLimit: INSTALL_LIMIT,
    response: { status: 200, contentType: 'text/plain', headers: { 'Cache-Control': '`no-store`' }, description: 'The unit file.' },
    handler: ({ deps, ctx }) => text(ctx, 'text/plain', deps.installerTexts.playerUnit(), 'no-store'),
  }),
  route({
    method: 'GET',
    path: '/api/v1/install/linux',
    operationId: 'getInstallableLinuxPlayer',
    summary: 'The Linux player install.sh installs: its version, size, SHA-256 and download address',
    tags: TAGS,
    auth: PUBLIC,
    rateLimit: INSTALL_LIMIT,
    errors: { 400: ORIGIN_REFUSED, 404: NOT_CACHED },
    response: { status: 200, schema: LinuxInstallableSchema },
    handler: ({ deps, ctx }) => deps.linuxPlayerInstalls.describe(installerOrigin(deps.config, ctx)),
  }),
  linuxArtifactRoute('GET'),
  linuxArtifactRoute('HEAD'),
  receiverRoute('GET'),
  receiverRoute('HEAD'),
  route({
    method: 'GET',
    path: '/api/v1/install/screencast/receiver.sha256',
    operationId: 'getScreencastReceiverSha256',
    summary: 'The SHA-256 (hex, one line) of the screencast receiver archive, which install-screencast.sh checks the download against',
    tags: TAGS,
    auth: PUBLIC,
    rateLimit: INSTALL_LIMIT,
    errors: { 404: NOT_PROVIDED },
    response: { status: 200, contentType: 'text/plain', headers: { 'Cache-Control': `\`${RECEIVER_CACHE}\`` }, description: 'The hex digest and a newline.' },
    handler: async ({ deps, ctx }) => text(ctx, 'text/plain', `${(await deps.screencastReceiverService.current()).sha256}\n`, RECEIVER_CACHE),
  }),
];
