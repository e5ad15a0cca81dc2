import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams, Uuid } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { TextDatasetSchema } from '../data-sources/data-sources.api.js';
import { FormViewSchema, ViewSchema } from './form-output.js';
import { MAX_VIEWS } from './form-views.service.js';
import type { FormsDeps } from './forms-deps.js';
import { FORM_ERRORS, MANAGE } from './forms.routes.js';

const route = routeFor<FormsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['forms'];
const signedIn = { kind: 'console', access: 'signedIn' } as const;
const VIEW_PROBLEMS = `\`validation_failed\`: a state or field the form does not have, a time filter on a field that is no date or time, or a new view beyond the ${MAX_VIEWS} a form keeps.`;

export const formViewsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/views',
    operationId: 'listFormViews',
    summary: 'The form’s saved views, in their order: each is a dataset of its output, named by its key',
    description: 'Needs `view_all` on the form.',
    tags,
    auth: signedIn,
    params: IdParams,
    errors: FORM_ERRORS,
    response: { status: 200, schema: Type.Array(FormViewSchema) },
    handler: ({ deps, params, principal }) => deps.formViewsService.list(me(principal), params.id),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/data-sources/{id}/views',
    operationId: 'saveFormView',
    summary: 'Save a view under its key: a new one, or the one with that key replaced (it keeps its id)',
    description:
      `${MANAGE} Screens get the form’s output as one dataset per view, named by its key, from now on. ` +
      `At most ${MAX_VIEWS} views and 16 output fields (the players’ bound); a record limit of 0 is the default, 100.`,
    tags,
    auth: signedIn,
    params: IdParams,
    body: ViewSchema,
    errors: { ...FORM_ERRORS, 422: VIEW_PROBLEMS },
    response: { status: 200, schema: FormViewSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.formViewsService.save(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/views/preview',
    operationId: 'previewFormView',
    summary: 'What a view of the form’s records on air would give screens now (nothing stored)',
    description: `${MANAGE} At most 16 output fields (the players’ bound).`,
    tags,
    auth: signedIn,
    params: IdParams,
    body: ViewSchema,
    errors: { ...FORM_ERRORS, 422: '`validation_failed`: a state or field the form does not have.' },
    response: { status: 200, schema: TextDatasetSchema },
    handler: ({ deps, params, body, principal }) => deps.formsService.previewView(me(principal), params.id, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/data-sources/{id}/views/{viewId}',
    operationId: 'deleteFormView',
    summary: 'Delete one of the form’s views: screens no longer get its dataset',
    description: MANAGE,
    tags,
    auth: signedIn,
    params: Type.Object({ id: Uuid, viewId: Uuid }),
    errors: { ...FORM_ERRORS, 404: '`not_found`: no such form (or one the caller may not reach), or the form has no view with this id.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.formViewsService.remove(me(principal), params.id, params.viewId, ctx.ip);
      return reply(204);
    },
  }),
];
