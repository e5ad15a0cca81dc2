import { CloneType, Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams, PageOf, Uuid, pageQuery, Stamp } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { ProposedScheduleSchema, ScheduleBodySchema, ScheduleSchema } from './schedule-view.js';
import type { SchedulesDeps } from './schedules-deps.js';

const route = routeFor<SchedulesDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['schedules'];
const NOT_FOUND = { 404: '`schedule_not_found`.' };
const MANAGED = { 409: '`schedule_managed_by_campaign`: a campaign release wrote it; change the campaign instead.' };
const INVALID = {
  404: '`schedule_not_found`, `playlist_not_found`.',
  422: '`schedule_validation_failed` (with the fields at fault), `schedule_limit_exceeded` (1,000 schedules, 250 targets), `display_control_unsupported` (a display action for a screen that does not run the Linux player), `content_type_unsupported` (a `layoutId` on a server without layouts).',
};

const PreviewSchema = Type.Object({
  screenId: Uuid,
  at: Stamp,
  winningSchedule: Type.Optional(ScheduleSchema),
  winningPlaylistId: Type.Optional(Uuid),
  directFallbackPlaylistId: Type.Optional(Uuid),
  applicableSchedules: Type.Array(ScheduleSchema, { description: 'The schedules that hold at `at`, in precedence order (the winner first).' }),
  nextTransition: Type.Optional(CloneType(Stamp, { description: 'The next instant a schedule starts or ends (within the coming week).' })),
  conflicts: Type.Array(Type.String()),
  holding: Type.Array(
    Type.Object({
      source: Type.String({
        description: '`takeovers.takeover`, `presentation-overrides.override`, `schedules.schedule`, `playlists.assignment`, `screen-groups.assignment`, …',
      }),
      id: Type.String({ description: 'The takeover’s, override’s or schedule’s id; the playlist’s for an assignment.' }),
      playlistId: Type.Optional(Uuid),
      layoutId: Type.Optional(Uuid),
    }),
    {
      description:
        'Every reason the screen may play something that holds at `at`, of every source, in precedence order: the first plays, it outranks the rest.',
    },
  ),
});

const enableRoute = (verb: 'enable' | 'disable') =>
  route({
    method: 'POST',
    path: `/api/v1/schedules/{id}/${verb}`,
    operationId: `${verb}Schedule`,
    summary: verb === 'enable' ? 'Let a schedule play again' : 'Stop a schedule from playing, keeping it',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { ...NOT_FOUND, ...MANAGED },
    response: { status: 200, schema: ScheduleSchema },
    handler: ({ deps, params, principal, ctx }) => deps.schedulesService.setEnabled(me(principal), params.id, verb === 'enable', ctx.ip),
  });

export const schedulesRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/schedules',
    operationId: 'listSchedules',
    summary: 'Schedules with their targets, by name',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    query: Type.Object({
      ...pageQuery(50),
      search: Type.Optional(Type.String({ maxLength: 120, description: 'Part of the name, any case; blank matches all.' })),
    }),
    response: {
      status: 200,
      schema: Type.Composite([
        PageOf(ScheduleSchema),
        Type.Object({ defaultTimezone: Type.String({ description: 'The zone a schedule takes when none is given.' }) }),
      ]),
    },
    handler: ({ deps, query }) => deps.schedulesService.list(query.page, query.pageSize, query.search),
  }),
  route({
    method: 'POST',
    path: '/api/v1/schedules',
    operationId: 'createSchedule',
    summary: 'Schedule a playlist on screens and groups, weekly or once',
    description:
      'Weekly windows are wall-clock times in `timezone` on `daysOfWeek` (an end at or before the start runs overnight, belonging to the day it starts); ' +
      'one-time windows are instants. Windows include their start and exclude their end. A grouped screen as a target is stored as its group.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    body: ScheduleBodySchema,
    errors: INVALID,
    response: { status: 201, schema: ScheduleSchema },
    handler: async ({ deps, body, principal, ctx }) => reply(201, await deps.schedulesService.create(me(principal), body, ctx.ip)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/schedules/preview',
    operationId: 'previewSchedule',
    summary: 'What a screen plays at an instant and why, optionally with a proposed schedule added',
    tags,
    auth: { kind: 'console', access: 'administrators', computesOnly: true },
    body: Type.Object({
      screenId: Uuid,
      timestamp: Type.Optional(CloneType(Stamp, { description: 'The instant to resolve; now when left out.' })),
      proposedSchedule: Type.Optional(ProposedScheduleSchema),
    }),
    errors: { 404: '`screen_not_found`, `playlist_not_found`.', 422: INVALID[422] },
    response: { status: 200, schema: PreviewSchema },
    handler: ({ deps, body }) => deps.schedulePreview.preview(body.screenId, body.timestamp, body.proposedSchedule),
  }),
  route({
    method: 'GET',
    path: '/api/v1/schedules/{id}',
    operationId: 'getSchedule',
    summary: 'One schedule',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: ScheduleSchema },
    handler: ({ deps, params }) => deps.schedulesService.get(params.id),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/schedules/{id}',
    operationId: 'updateSchedule',
    summary: 'Change a schedule; the result is checked whole',
    description:
      'Fields left out stay as they are, unless the body is a whole schedule (name, description, type, timezone, priority, enabled, daysOfWeek and ' +
      'targets, as the reference’s console sends it): then it replaces the schedule, and what it leaves out (a date range, say) is cleared.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Partial(ScheduleBodySchema),
    errors: { ...INVALID, ...MANAGED },
    response: { status: 200, schema: ScheduleSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.schedulesService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/schedules/{id}',
    operationId: 'deleteSchedule',
    summary: 'Delete a schedule',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { ...NOT_FOUND, ...MANAGED },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.schedulesService.delete(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
  enableRoute('enable'),
  enableRoute('disable'),
];
