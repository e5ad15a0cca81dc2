import { Model, type QueryBuilder } from 'objection';

/**
 * The base of every table model. Rows keep their column names (snake_case); repositories turn them
 * into the views they return. A repository binds its models to its kernel's knex
 * (`Model.bindKnex(db)`), never globally, so kernels on other databases in one process (tests, the
 * CLI beside a server) never share a connection; `query(trx)` runs in a transaction.
 */
export class TableModel extends Model {
  // `.first()` adds LIMIT 1 instead of reading every matching row.
  static override useLimitInFirst = true;
  // Values reach pg as knex would send them: objects as json, arrays as PostgreSQL arrays (text[],
  // uuid[]). A jsonb column that holds an array lists itself here to be sent as json.
  static override jsonAttributes: string[] = [];
}

/**
 * Runs a model's query and answers plain rows, building no model instances: for reads of hundreds
 * of rows on a hot path (a manifest's items and files), where building them costs more than the query.
 */
export function plainRows<M extends Model, R>(query: QueryBuilder<M, R[]>): Promise<R[]> {
  return query.toKnexQuery() as unknown as Promise<R[]>;
}
