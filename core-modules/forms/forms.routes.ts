import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams, Uuid } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { FormSchemaSchema } from './form-schema.js';
import type { FormsDeps } from './forms-deps.js';
import { AccessEntriesSchema, CapabilitySchema, FormSchema, FormSummarySchema, RevisionSchema, WorkflowInputSchema } from './forms-wire.js';

const route = routeFor<FormsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['forms'];
const signedIn = { kind: 'console', access: 'signedIn' } as const;
export const FORM_ERRORS = {
  403: '`insufficient_access`: the caller reaches the form but does not hold the capability this needs. Also `insufficient_role` or `csrf_failed`, as on every console route.',
  404: '`not_found`: no form with this id, or one the caller may not reach (it lists who may, not them).',
};
export const MANAGE =
  'Needs `manage` on the form (administrators, owners; its creator and editors on a form without access entries, while they are editors; those listed with it).';
const Name = Type.String({ minLength: 1, maxLength: 180, pattern: '\\S' });
const Description = Type.String({ maxLength: 2000 });
/** A definition of 100 fields, each at its limits, is about 2.3 MB of JSON. */
const DEFINITION_BODY_LIMIT = 3 * 1024 * 1024;

export const formsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/forms',
    operationId: 'listForms',
    summary: 'The forms the caller may reach, with their own submissions counted',
    tags,
    auth: signedIn,
    response: { status: 200, schema: Type.Object({ items: Type.Array(FormSummarySchema) }) },
    handler: ({ deps, principal }) => deps.formsService.list(me(principal)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/forms',
    operationId: 'createForm',
    summary: 'Create a form: a data source whose records people submit and approve',
    description:
      'Publishes the given definition as revision 1 with the default workflow (draft → submitted → approved, rejected or changes requested; approved → expired). ' +
      'At most 100 fields; controls: short_text, long_text, number, integer, boolean, select, multi_select, date, datetime, url, image, section, help_text.',
    tags,
    auth: { kind: 'console', access: 'managers' },
    bodyLimit: DEFINITION_BODY_LIMIT,
    body: Type.Object({ name: Name, description: Type.Optional(Description), draftSchema: Type.Optional(FormSchemaSchema) }),
    errors: { 422: '`validation_failed`: a repeated or reserved field key, a choice without options, bounds that cross.' },
    response: { status: 201, schema: FormSchema },
    handler: async ({ deps, body, principal, ctx }) => reply(201, await deps.formsService.create(me(principal), body, ctx.ip)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/form',
    operationId: 'getForm',
    summary: 'A form: its definition (the draft, for those who manage it), workflow, views and the caller’s capabilities',
    tags,
    auth: signedIn,
    params: IdParams,
    errors: FORM_ERRORS,
    response: { status: 200, schema: FormSchema },
    handler: ({ deps, params, principal }) => deps.formsService.get(me(principal), params.id),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/data-sources/{id}/form',
    operationId: 'updateForm',
    summary: 'Rename a form or change its description',
    description: MANAGE,
    tags,
    auth: signedIn,
    params: IdParams,
    body: Type.Object({ name: Name, description: Type.Optional(Description) }),
    errors: FORM_ERRORS,
    response: { status: 200, schema: FormSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.formsService.updateDetails(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/data-sources/{id}/form/draft',
    operationId: 'saveFormDraft',
    summary: 'Replace the form’s draft definition (published when asked)',
    description: MANAGE,
    tags,
    auth: signedIn,
    params: IdParams,
    bodyLimit: DEFINITION_BODY_LIMIT,
    body: Type.Object({ schema: FormSchemaSchema }),
    errors: { ...FORM_ERRORS, 422: '`validation_failed`: the definition is not sound (the field at fault named).' },
    response: { status: 200, schema: FormSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.formsService.saveDraft(me(principal), params.id, body.schema, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/form/publish',
    operationId: 'publishForm',
    summary: 'Publish the draft as the next revision: new records use it, existing ones keep theirs',
    description: `${MANAGE} Every field screens get must stay, with the same kind of value.`,
    tags,
    auth: signedIn,
    params: IdParams,
    errors: { ...FORM_ERRORS, 422: '`validation_failed`: nothing changed, or a published field would go or change its kind of value.' },
    response: { status: 200, schema: RevisionSchema },
    handler: ({ deps, params, principal, ctx }) => deps.formsService.publish(me(principal), params.id, ctx.ip),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/data-sources/{id}/form/workflow',
    operationId: 'saveFormWorkflow',
    summary: 'Replace the form’s workflow: its states (which put records on air) and transitions',
    description: `${MANAGE} A state records are in cannot go. A transition into a state its submitter edits, made by a reviewer or approver, needs a note.`,
    tags,
    auth: signedIn,
    params: IdParams,
    body: WorkflowInputSchema,
    errors: { ...FORM_ERRORS, 422: '`validation_failed`: not one initial state, no on-air state, an unknown or repeated state, a state with records removed.' },
    response: { status: 200, schema: FormSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.formsService.saveWorkflow(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/access',
    operationId: 'listFormAccess',
    summary: 'Who may do what on the form',
    description: `${MANAGE} Administrators and owners manage every form and are not listed.`,
    tags,
    auth: signedIn,
    params: IdParams,
    errors: FORM_ERRORS,
    response: { status: 200, schema: AccessEntriesSchema },
    handler: ({ deps, params, principal }) => deps.formsService.access(me(principal), params.id),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/data-sources/{id}/access/{userId}',
    operationId: 'setFormAccess',
    summary: 'Set what one user may do on the form (an empty list removes them)',
    description:
      `${MANAGE} Once a form lists anyone, only those listed (and administrators, owners and its creator) reach it. ` +
      'What anyone holds is bounded by their current role: a contributor at most `submit` and `view_all`, a viewer at most `view_all`; the entries show what each may do now.',
    tags,
    auth: signedIn,
    params: Type.Object({ id: Uuid, userId: Uuid }),
    body: Type.Object({ capabilities: Type.Array(CapabilitySchema, { maxItems: 6 }) }),
    errors: { ...FORM_ERRORS, 422: '`validation_failed`: no such user, or the creator, an administrator or an owner (they always manage).' },
    response: { status: 200, schema: AccessEntriesSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.formsService.setAccess(me(principal), params.id, params.userId, body.capabilities, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/user-directory',
    operationId: 'formUserDirectory',
    summary: 'Active users to grant access to, by name',
    description: MANAGE,
    tags,
    auth: signedIn,
    params: IdParams,
    query: Type.Object({
      search: Type.Optional(Type.String({ maxLength: 120, default: '' })),
      limit: Type.Optional(
        Type.Integer({ minimum: 0, maximum: 10_000, default: 50, description: 'At most 100; 0 or more than 100 gives 50, as the reference.' }),
      ),
    }),
    errors: FORM_ERRORS,
    response: {
      status: 200,
      schema: Type.Object({ items: Type.Array(Type.Object({ id: Uuid, name: Type.String(), username: Type.String(), role: Type.String() })) }),
    },
    handler: ({ deps, params, query, principal }) => deps.formsService.directory(me(principal), params.id, query.search ?? '', query.limit ?? 50),
  }),
];
