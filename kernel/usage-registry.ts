import type { Knex } from 'knex';

/** Something that uses a resource and keeps it from being deleted: a widget, a layout, a schedule, … */
export interface ResourceUse {
  kind: string;
  id: string;
  name: string;
}

/** Asked, in the deleting transaction, who uses the resource now. */
export type UseChecker = (resourceId: string, trx: Knex.Transaction) => Promise<ResourceUse[]>;

/**
 * Who uses a resource of a module: the modules that use it register a checker, and a delete is
 * refused while any reports a use.
 */
export class UsageRegistry {
  private readonly checkers: UseChecker[] = [];

  register(checker: UseChecker): void {
    this.checkers.push(checker);
  }

  async usesOf(resourceId: string, trx: Knex.Transaction): Promise<ResourceUse[]> {
    const uses: ResourceUse[] = [];
    // One after another: they share the transaction's connection.
    for (const check of this.checkers) uses.push(...(await check(resourceId, trx)));
    return uses;
  }
}
