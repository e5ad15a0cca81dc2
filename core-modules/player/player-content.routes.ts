import { Type, type TObject } from '@sinclair/typebox';
import type { Context } from 'koa';
import type { PlayerPrincipal } from '../../kernel/auth/principal.js';
import { reply, routeFor, type RouteDef } from '../../kernel/plugin.js';
// The media module's Range/If-Range/ETag/304/416 responder, reused as a pure function so the server
// has exactly one Range implementation. (Media registers its file services inside its parts, which
// its exports list cannot reach without reshaping media.plugin.ts.)
import { sendFile } from '../../kernel/http/file-response.js';
import { manifestEtag, namesVersion } from './manifest-builder.js';
import type { ConfigSections } from './config-sections.js';
import { composeManifestSchema } from './manifest-schema.js';
import type { ManifestSectionRegistry } from './manifest-sections.js';
import { configEtag, heldConfigRevision } from './player-config.service.js';
import { PlayerConfigSchema } from './player-config.js';
import type { PlayerDeps } from './player-deps.js';
import { Uuid } from '../../kernel/http/wire.js';

const route = routeFor<PlayerDeps>();
const screenOf = (p: unknown) => (p as PlayerPrincipal).screenId;

// Exact match only, as the player protocol says: the player echoes back the ETag it was given.
function notModified(ctx: Context, etag: string): boolean {
  ctx.set('ETag', etag);
  ctx.set('Cache-Control', 'private, no-cache');
  return ctx.get('if-none-match') === etag;
}

const VariantParams = Type.Object({ assetId: Uuid, variantId: Uuid });

function downloadRoute(method: 'GET' | 'HEAD'): RouteDef<PlayerDeps, typeof VariantParams> {
  return route({
    method,
    path: '/api/v1/player/assets/{assetId}/variants/{variantId}',
    operationId: method === 'GET' ? 'playerDownloadVariant' : 'playerHeadVariant',
    summary: 'A file listed in the screen’s current manifest',
    description:
      'Streams the variant with `Range` (206), `If-Range`, `If-None-Match` (304); ETag `"<sha256 hex>"`. Only variants in the screen’s current ' +
      'manifest are served; anything else is 404 `media_variant_unavailable`. HEAD answers the same headers without a body.',
    tags: ['player'],
    auth: { kind: 'player' },
    params: VariantParams,
    errors: { 404: '`media_variant_unavailable`.' },
    response: { status: 200, file: true, contentType: ['image/*', 'video/*'], description: 'The whole file, in its media type.' },
    handler: async ({ deps, params, principal, ctx }) =>
      sendFile(ctx, await deps.playerDownloadsService.file(screenOf(principal), params.assetId, params.variantId)),
  });
}

/**
 * The player's content routes. The manifest's (and the config's) schema is composed from the registered sections when
 * the router first reads it, after every module's start hook has registered its own (a getter, since
 * the route is declared before those hooks run).
 */
export const playerContentRoutes = (sections: ManifestSectionRegistry, configSections: ConfigSections) => {
  let composed: ReturnType<typeof composeManifestSchema> | undefined;
  let composedConfig: TObject | undefined;
  return [
    route({
      method: 'GET',
      path: '/api/v1/player/manifest',
      operationId: 'playerManifest',
      summary: 'What this screen plays: its playlist, the files to download and their checksums',
      description:
        'ETag by the served schema, as the reference players expect: `"manifest-"+sha256(screenId:version)` to schema 12, ' +
        '`"sha256-"+sha256(screenId:version:schema)` from 13. `Cache-Control: private, no-cache`; an exact `If-None-Match` answers 304. ' +
        '`manifestVersion` moves only when the content does. `schemaVersion` is the highest both the player (its heartbeats’ ' +
        '`presentationSchemaVersions`) and the server know, 11 for a player that reported none; sections are sent as that schema carries them.',
      tags: ['player'],
      auth: { kind: 'player' },
      response: {
        status: 200,
        get schema() {
          composed ??= composeManifestSchema(sections.seal());
          return composed;
        },
        otherStatuses: { 304: 'Not modified: the manifest is the one `If-None-Match` names.' },
        headers: { ETag: '`"manifest-…"` or `"sha256-…"`, sent back in If-None-Match.', 'Cache-Control': 'private, no-cache' },
      },
      handler: async ({ deps, principal, ctx }) => {
        const screenId = screenOf(principal);
        // Revalidation is the hot path (every player, every few minutes): answer it from the stored
        // version alone, which each process keeps in memory (ManifestVersions). Changes reach that
        // version through the modules' change events.
        // A version is served in one schema only, so the ETag naming it names that manifest.
        const stored = await deps.manifestService.currentVersion(screenId);
        const held = ctx.get('if-none-match');
        if (stored > 0 && held && namesVersion(held, screenId, stored)) {
          notModified(ctx, held);
          return reply(304);
        }
        const manifest = await deps.manifestService.manifest(screenId);
        return notModified(ctx, manifestEtag(manifest.screenId, manifest.manifestVersion, manifest.schemaVersion)) ? reply(304) : manifest;
      },
    }),
    downloadRoute('GET'),
    downloadRoute('HEAD'),
    route({
      method: 'GET',
      path: '/api/v1/player/config',
      operationId: 'playerConfig',
      summary: 'The player’s settings (playback, cache, sync, website, reliability, kiosk, updates)',
      description:
        'ETag `"config-<screenId>-<revision>"`; an exact `If-None-Match` answers 304. Changes are pushed as `config.changed`. ' +
        'An `If-None-Match` naming a revision above the stored one (the server’s data was restored from an older backup) moves the stored revision past it: players never take a lower revision than the one they hold.',
      tags: ['player'],
      auth: { kind: 'player' },
      response: {
        status: 200,
        get schema() {
          composedConfig ??= configSections.compose(PlayerConfigSchema);
          return composedConfig;
        },
        otherStatuses: { 304: 'Not modified: the config is the one `If-None-Match` names.' },
        headers: { ETag: '`"config-<screenId>-<revision>"`, sent back in If-None-Match.', 'Cache-Control': 'private, no-cache' },
      },
      handler: async ({ deps, principal, ctx }) => {
        const screenId = screenOf(principal);
        const config = await deps.playerConfigService.config(screenId, heldConfigRevision(screenId, ctx.get('if-none-match') || undefined));
        return notModified(ctx, configEtag(screenId, config.configRevision)) ? reply(304) : config;
      },
    }),
  ];
};
