import { Type } from '@sinclair/typebox';
import type { IntegrationPrincipal } from '../../kernel/auth/principal.js';
import { IdParams, Stamp, Uuid } from '../../kernel/http/wire.js';
import { routeFor } from '../../kernel/plugin.js';
import type { DataSourcesDeps } from './data-sources-deps.js';
import { MAX_ROWS } from './providers/manual.js';

const route = routeFor<DataSourcesDeps>();

export const integrationRowsRoutes = [
  route({
    method: 'PUT',
    path: '/api/v1/integration/data-sources/{id}/rows',
    operationId: 'integrationReplaceDataSourceRows',
    summary: 'Replace every row of a manual table (an integration token with data_source:write)',
    description:
      'All or nothing: every value must name one of the table’s columns and fit its type (number, integer, percent, currency, boolean, ' +
      'date YYYY-MM-DD, ISO 8601 datetime, http(s) url, text). The columns stay as people made them. Screens showing the table get the new rows at once ' +
      '(`manifest.changed`). A token limited to some data sources may write only those.',
    tags: ['integration'],
    auth: { kind: 'integration', capability: 'data_source:write' },
    params: IdParams,
    body: Type.Object({
      rows: Type.Array(Type.Object({ values: Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 2000 })) }), {
        maxItems: MAX_ROWS,
        description: 'Every row of the table: at most as many as a table holds.',
      }),
    }),
    errors: {
      403: '`insufficient_scope`: the token lacks data_source:write, or is limited to other data sources.',
      404: '`not_found`.',
      422: '`rows_invalid`: an unknown column, a value that does not fit its column, or a source that is not a manual table. More rows than a table holds (200) is `validation_failed`.',
    },
    response: {
      status: 200,
      schema: Type.Object({ id: Uuid, name: Type.String(), rowCount: Type.Integer({ minimum: 0 }), updatedAt: Stamp }),
    },
    handler: ({ deps, params, body, principal }) => deps.dataSourcesService.replaceRows(principal as IntegrationPrincipal, params.id, body.rows),
  }),
];
