import { Type } from '@sinclair/typebox';
import type { PlayerPrincipal } from '../../../kernel/auth/principal.js';
import { Uuid } from '../../../kernel/http/wire.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import { FRAME_INTERVAL_MS, MAX_FRAME_BYTES, MAX_HEIGHT, MAX_WIDTH } from './live-stream-frames.js';
import { BOUNDARY, LEASE_SECONDS } from './live-stream.service.js';
import type { LiveStreamDeps } from './live-stream-deps.js';

const route = routeFor<LiveStreamDeps>();
const tags = ['screens'];
const ScreenParams = Type.Object({ id: Uuid });
const SessionParams = Type.Object({ id: Uuid, sessionId: Uuid });
const GONE = { 404: '`live_stream_not_found`: the session ended, was replaced by another, or its lease ran out.' };

const SessionSchema = Type.Object({
  id: Type.Optional(Type.String({ format: 'uuid', description: 'While active.' })),
  screenId: Uuid,
  active: Type.Boolean(),
  expiresAt: Type.Optional(
    Type.String({ format: 'date-time', description: `While active: when the lease runs out (${LEASE_SECONDS} s after its start or last renewal).` }),
  ),
  frameIntervalMillis: Type.Integer({ description: `The pace to capture at (${FRAME_INTERVAL_MS} ms).` }),
  maxWidth: Type.Integer({ description: `${MAX_WIDTH}.` }),
  maxHeight: Type.Integer({ description: `${MAX_HEIGHT}.` }),
  maxFrameBytes: Type.Integer({ description: `The largest JPEG a frame may carry (${MAX_FRAME_BYTES}).` }),
});

export const liveStreamRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/screens/{id}/live-stream',
    operationId: 'startLiveStream',
    summary: 'Start watching the screen live: a lease the console renews while it watches',
    description:
      `One session per screen: starting another ends the previous one and its viewers. The lease lasts ${LEASE_SECONDS} s; renew it ` +
      'every few seconds. The player is told over its socket and streams JPEG frames while the lease holds; nothing is stored.',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: ScreenParams,
    errors: { 404: '`screen_not_found`.' },
    response: { status: 201, schema: SessionSchema },
    handler: async ({ deps, params }) => reply(201, await deps.liveStreamService.start(params.id)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/screens/{id}/live-stream/{sessionId}/renew',
    operationId: 'renewLiveStream',
    summary: `Renew a live-stream lease for another ${LEASE_SECONDS} s`,
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: SessionParams,
    errors: GONE,
    response: { status: 200, schema: SessionSchema },
    handler: ({ deps, params }) => deps.liveStreamService.renew(params.id, params.sessionId),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/screens/{id}/live-stream/{sessionId}',
    operationId: 'endLiveStream',
    summary: 'Stop watching: the lease ends, the player stops streaming, viewers’ streams end',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: SessionParams,
    errors: GONE,
    response: { status: 204 },
    handler: async ({ deps, params }) => {
      await deps.liveStreamService.end(params.id, params.sessionId);
      return reply(204);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/live-stream/{sessionId}/mjpeg',
    operationId: 'watchLiveStream',
    summary: 'The live frames, as an MJPEG stream an <img> shows',
    description:
      `\`multipart/x-mixed-replace; boundary=${BOUNDARY}\`: each part a JPEG (its \`X-Captured-At\` the player’s capture time) as it arrives, ` +
      'the newest only when the viewer falls behind. The stream ends with the lease (ended, replaced or run out). Only through a signed-in session.',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: SessionParams,
    errors: GONE,
    response: {
      status: 200,
      contentType: 'multipart/x-mixed-replace',
      description: 'JPEG parts until the lease ends.',
      headers: { 'Cache-Control': 'no-store, private', 'X-Content-Type-Options': 'nosniff', 'X-Accel-Buffering': 'no' },
    },
    handler: async ({ deps, params, ctx }) => {
      const stream = await deps.liveStreamService.watch(params.id, params.sessionId);
      ctx.set('Cache-Control', 'no-store, private');
      ctx.set('X-Content-Type-Options', 'nosniff');
      // A proxy that buffers would hold the frames back.
      ctx.set('X-Accel-Buffering', 'no');
      ctx.type = `multipart/x-mixed-replace; boundary=${BOUNDARY}`;
      ctx.body = stream;
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/player/live-stream-session',
    operationId: 'playerLiveStreamSession',
    summary: 'Whether the console is watching this screen live now, and how to stream',
    description:
      'While `active`, send frames on the player socket as binary `TCLS` version 1 messages: the 4 bytes `TCLS`, the version byte 1, the ' +
      'session id’s 16 bytes, the capture time (Unix ms, int64 big-endian), width and height (uint16 big-endian), then one complete JPEG. ' +
      'A frame of another session, too large, or faster than twice the pace is dropped. The player is told of changes by ' +
      '`live_stream.session_changed` on its socket.',
    tags: ['player'],
    auth: { kind: 'player' },
    response: { status: 200, schema: SessionSchema },
    handler: ({ deps, principal }) => deps.liveStreamService.current((principal as PlayerPrincipal).screenId),
  }),
];
